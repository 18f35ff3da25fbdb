import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { seriousAccessibilityProblems } from './support/axe';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant, shopQuestions } from './support/shop-assistant';
import { serveShopPage } from './support/shop-page';

/**
 * axe-core (WCAG 2.1 A and AA) on the screens shoppers and merchants use most: the public chat
 * with an answer in it, the storefront widget open on a shop's page, and the merchant's sign-in,
 * account, store, assistants, chat, conversations and dashboard, in light and dark themes. No
 * serious or critical violation may be left.
 */
const rin = { email: 'rin@shop.test', password: 'correct horse 1' };

describe('accessibility', () => {
  const suite = browserSuite({ users: [rin] });
  let owner: { access: string; assistantId: string; token: string } | undefined;
  const setUp = async () => {
    if (!owner) {
      const { access, assistantId } = await setUpShopAssistant(suite.server, rin);
      const link = await expectJson<{ shareToken: { token: string } }>(
        await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
        201,
        'share',
      );
      owner = { access, assistantId, token: link.shareToken.token };
    }
    return owner;
  };
  const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

  it('the public chat, before and after an answer, on a phone', async () => {
    const { token } = await setUp();
    const { page } = await suite.open({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: shopQuestions[0] }).click();
    await page.getByRole('log').getByText('30 days', { exact: false }).waitFor();
    await settled(page);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  it('the storefront widget, closed and open, on a shop’s page', async () => {
    const { token } = await setUp();
    const shop = await serveShopPage(
      `<!doctype html><html lang="en"><head><title>Mugs</title></head><body><main><h1>Mugs</h1></main><script src="${suite.server.url}/widget.js?token=${encodeURIComponent(token)}" async></script></body></html>`,
    );
    try {
      const { page } = await suite.open({ width: 1280, height: 800 });
      await page.goto(shop.url);
      const launcher = { x: 1280 - 48, y: 800 - 48 };
      await page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'AISLE-CHAT-WIDGET', launcher, {
        timeout: 20_000,
      });
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await page.mouse.click(launcher.x, launcher.y);
      const chat = page.frames().find((frame) => frame.url().startsWith(`${suite.server.url}/shared/chat`));
      if (!chat) throw new Error('no chat frame');
      await chat.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
      expect(await seriousAccessibilityProblems(chat)).toEqual([]);
    } finally {
      await shop.close();
    }
  });

  it('the merchant’s main screens, light and dark', async () => {
    await setUp();
    const { page } = await suite.open();
    const { url } = suite.server;
    await page.goto(url);
    await page.locator('input[type="email"]').waitFor();
    expect(await seriousAccessibilityProblems(page), 'sign-in').toEqual([]);
    await suite.signIn(page, rin.email, rin.password);
    // Every screen is checked before the verdict, so one run lists all that is left.
    const found: Record<string, unknown> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/account', '/store', '/assistants', '/chat', '/conversations', '/dashboard']) {
        await page.goto(`${url}${path}`);
        await page.locator('main').waitFor();
        await page.waitForLoadState('networkidle');
        const problems = await seriousAccessibilityProblems(page);
        if (problems.length) found[`${path} (${theme})`] = problems;
      }
    }
    expect(found).toEqual({});
  });
});
