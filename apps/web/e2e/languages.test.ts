import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant, shopQuestions } from './support/shop-assistant';
import { serveShopPage } from './support/shop-page';
import { englishOnScreen } from './support/visible-text';

/**
 * The app in the reader's language, from the browser's (Playwright's `locale` sets both
 * `navigator.languages` and `Accept-Language`): a Japanese and a Thai shopper on a shop's public
 * chat, and a Japanese merchant through sign-in, store, assistants, conversations and account.
 * Nothing on screen is English besides the merchant's own content, names and codes.
 */
const hana = { email: 'hana@matcha.test', password: 'correct horse 1' };
const malee = { email: 'malee@glow.test', password: 'correct horse 1' };
const jin = { email: 'jin@seoul.test', password: 'correct horse 1' };

const japaneseFaq = {
  fileName: 'faq.md',
  content: `# よくある質問

## 返品について

未使用の商品はお届けから14日以内であれば返品できます。返金は返品された商品の到着後7日以内に行います。

## 配送について

全国一律600円、5,000円以上のご注文で送料無料です。ご注文から2営業日以内に発送します。
`,
};

const thaiFaq = {
  fileName: 'faq.md',
  content: `# คำถามที่พบบ่อย

## การคืนสินค้า

สินค้าที่ยังไม่เปิดใช้คืนได้ภายใน 14 วันหลังได้รับสินค้า เราโอนเงินคืนภายใน 7 วัน

## การจัดส่ง

จัดส่งทั่วประเทศ ค่าส่ง 50 บาท ส่งฟรีเมื่อซื้อครบ 1,000 บาท
`,
};

async function share(suite: ReturnType<typeof browserSuite>, access: string, assistantId: string) {
  const link = await expectJson<{ shareToken: { token: string } }>(
    await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
    201,
    'share',
  );
  return `${suite.server.url}/shared/chat?token=${encodeURIComponent(link.shareToken.token)}`;
}

/** Asks through the composer and waits for the whole answer. */
async function ask(page: Page, question: string) {
  await page.locator('#shared-chat-composer').fill(question);
  await page.locator('#shared-chat-composer').press('Enter');
  await page.getByRole('log').getByText(question, { exact: true }).waitFor();
  await page.locator('#shared-chat-composer:enabled').waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

describe('the app in the reader’s language', () => {
  const suite = browserSuite({ users: [hana, malee, jin] });

  it('a Japanese shopper reads the public chat in Japanese: no English on screen but the shop’s own words', async () => {
    const assistantName = '抹茶の店のアシスタント';
    const { access, assistantId } = await setUpShopAssistant(suite.server, hana, {
      assistantName,
      storeName: 'ヘルプ',
      file: japaneseFaq,
      questions: ['返品は何日以内ですか？'],
    });
    const url = await share(suite, access, assistantId);
    const { page, errors } = await suite.open({ locale: 'ja-JP', width: 390, height: 844 });
    await page.goto(url);
    await page.getByRole('heading', { name: assistantName, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await englishOnScreen(page, [assistantName])).toEqual([]);

    await ask(page, '送料はいくらですか？');
    await screenshot(page, 'languages-ja-shopper');
    expect(await page.getByRole('log').textContent()).toContain('600円');
    expect(await englishOnScreen(page, [assistantName, japaneseFaq.fileName])).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a Thai shopper reads the public chat in Thai', async () => {
    const assistantName = 'ผู้ช่วยร้านโกลว์';
    const { access, assistantId } = await setUpShopAssistant(suite.server, malee, {
      assistantName,
      storeName: 'ช่วยเหลือ',
      file: thaiFaq,
      questions: ['คืนสินค้าได้ภายในกี่วัน'],
    });
    const url = await share(suite, access, assistantId);
    const { page, errors } = await suite.open({ locale: 'th-TH', width: 390, height: 844 });
    await page.goto(url);
    await page.getByRole('heading', { name: assistantName, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await englishOnScreen(page, [assistantName])).toEqual([]);

    await ask(page, 'ค่าส่งเท่าไหร่คะ');
    await screenshot(page, 'languages-th-shopper');
    expect(await page.getByRole('log').textContent()).toContain('50 บาท');
    expect(await englishOnScreen(page, [assistantName, thaiFaq.fileName])).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the widget speaks its shop page’s language (<html lang="ko">), or the one its data-lang names', async () => {
    const { access, assistantId } = await setUpShopAssistant(suite.server, jin);
    const token = new URL(await share(suite, access, assistantId)).searchParams.get('token') as string;
    const src = `${suite.server.url}/widget.js?token=${encodeURIComponent(token)}`;
    for (const [html, expected] of [
      [`<html lang="ko"><body><h1>서울 머그컵</h1><script src="${src}" async></script></body></html>`, 'ko'],
      [`<html lang="en"><body><h1>Mugs</h1><script src="${src}" data-lang="zh-TW" async></script></body></html>`, 'zh-Hant'],
    ] as const) {
      const shop = await serveShopPage(`<!doctype html>${html}`);
      try {
        const { page } = await suite.open({ locale: 'en-US' });
        await page.goto(shop.url);
        const launcher = { x: 1280 - 48, y: 800 - 48 };
        await page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'AISLE-CHAT-WIDGET', launcher, {
          timeout: 20_000,
        });
        await page.mouse.click(launcher.x, launcher.y);
        const chat = page.frames().find((frame) => frame.url().startsWith(`${suite.server.url}/shared/chat`));
        if (!chat) throw new Error('no chat frame');
        expect(new URL(chat.url()).searchParams.get('lang')).toBe(expected);
        await chat.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
        await chat.waitForFunction((lang) => document.documentElement.lang === lang, expected);
        expect(await englishOnScreen(chat, ['Shop helper', ...shopQuestions])).toEqual([]);
      } finally {
        await shop.close();
      }
    }
  });

  it('a Japanese merchant signs in and works through store, assistants, conversations and account in Japanese', async () => {
    const { page, errors } = await suite.open({ locale: 'ja-JP' });
    const { url } = suite.server;
    await page.goto(url);
    await page.locator('input[type="email"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await englishOnScreen(page)).toEqual([]);
    await page.locator('input[type="email"]').fill(hana.email);
    await page.locator('input[type="password"]').first().fill(hana.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${url}/account`);
    // The merchant's own content, and the plans' names (Basic, Pro, Business: names, like Aisle).
    const own = [hana.email, 'basic', 'Basic', 'Pro', 'Business', '抹茶の店のアシスタント', 'ヘルプ', 'faq.md'];
    const found: Record<string, string[]> = {};

    for (const path of ['/account', '/store', '/assistants', '/conversations', '/dashboard']) {
      await page.goto(`${url}${path}`);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `languages-ja-merchant${path.replace('/', '-')}`);
      const english = await englishOnScreen(page, own);
      if (english.length) found[path] = english;
    }
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  });
});
