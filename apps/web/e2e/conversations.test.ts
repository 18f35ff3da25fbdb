import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import type { AppServer } from './support/app-server';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * The owner's side of sharing in Chromium against the production server (built-in `local` model):
 * the owner shares an assistant from /assistants, a visitor writes through the public API, and the
 * conversation arrives in /conversations live, without a reload; the owner pauses auto-reply,
 * answers by hand, and the visitor's thread holds the answer. Then the phone layout.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

interface VisitorAnswer {
  sharedThreadId: string;
  visitorToken: string;
  anonymousEmail: string;
  autoReplyPaused: boolean;
  reply: { content: string } | null;
}

/** A visitor's message through the public chat API, as the chat page and the widget send it. */
const visitorSays = async (server: AppServer, body: Record<string, unknown>) =>
  json<VisitorAnswer>(await apiFetch(server, 'POST', '/api/shared-chat/message/', body), 200, 'visitor message');

const visitorName = (anonymousEmail: string) => anonymousEmail.split('@')[0] as string;

describe('the Conversations screen in the browser', () => {
  const suite = browserSuite({ users: [ann] });

  const shareFromAssistants = async (page: Page) => {
    await page.goto(`${suite.server.url}/assistants`);
    await page.getByRole('button', { name: 'Share Shop helper' }).click();
    const sheet = page.getByRole('dialog', { name: 'Share Shop helper' });
    await sheet.getByRole('figure', { name: 'Theme preview' }).waitFor();
    // The sheet slides in; let it settle before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, 'conversations-share-create');
    await sheet.getByRole('button', { name: 'Create share link' }).click();
    const link = sheet.getByTestId('share-link');
    await link.waitFor();
    await sheet.getByRole('button', { name: 'Copy link' }).waitFor();
    await sheet.getByText('Active', { exact: true }).waitFor();
    expect(await sheet.getByTestId('widget-snippet').textContent()).toMatch(
      /^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js\?token=[\w-]+" async><\/script>$/,
    );
    await screenshot(page, 'conversations-share-panel');
    const url = new URL((await link.textContent()) as string);
    expect(url.pathname).toBe('/shared/chat');
    await page.keyboard.press('Escape');
    return url.searchParams.get('token') as string;
  };

  it('shows a visitor’s conversation live, pauses auto-reply and answers by hand', async () => {
    const { access } = await login(suite.server, ann.email, ann.password);
    await json(
      await apiFetch(suite.server, 'POST', '/api/assistant/create/', { assistantName: 'Shop helper', model: 'local:extractive' }, access),
      201,
      'assistant',
    );

    const { page, errors } = await suite.open({ height: 900 });
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/conversations`);
    await page.getByRole('heading', { name: 'Share an assistant to start' }).waitFor();

    const token = await shareFromAssistants(page);

    // The inbox is open before anyone writes; what follows must arrive without a reload.
    await page.getByRole('link', { name: 'Conversations' }).first().click();
    await page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    await page.getByText(`/shared/chat?token=${token}`, { exact: false }).waitFor();
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    const first = await visitorSays(suite.server, { token, message: 'Do you ship to Canada?', origin: 'widget' });
    expect(first.reply).not.toBeNull();
    const name = visitorName(first.anonymousEmail);
    const row = page.getByRole('listitem', { name, exact: true });
    await row.waitFor();
    await row.getByText('Widget').waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await screenshot(page, 'conversations-live-row');

    await row.getByRole('button').click();
    await page.waitForURL(/thread=[0-9a-f-]{36}/);
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages
      .getByRole('listitem', { name: `${name} said` })
      .getByText('Do you ship to Canada?')
      .waitFor();
    await messages.getByRole('listitem', { name: 'Assistant said' }).waitFor();
    // Opening it read it.
    await page.waitForFunction((label) => !document.querySelector(`li[aria-label="${label}"][data-unread]`), name);

    await page.getByRole('button', { name: 'Pause auto-reply' }).click();
    await page.getByRole('button', { name: 'Resume auto-reply' }).waitFor();
    await page.getByText('The assistant stays quiet on this conversation until you resume it.').waitFor();
    await row.getByText('Paused').waitFor();

    // Paused: the visitor's next message gets no bot reply, and shows up in the open thread live.
    const second = await visitorSays(suite.server, {
      token,
      message: 'Hello? Anyone there?',
      sharedThreadId: first.sharedThreadId,
      visitorToken: first.visitorToken,
    });
    expect(second.reply).toBeNull();
    await messages.getByText('Hello? Anyone there?').waitFor();
    await row.getByText('Hello? Anyone there?').waitFor();

    await page.getByLabel('Reply', { exact: true }).fill('Yes! We ship to Canada in 5 business days.');
    await page.getByLabel('Reply', { exact: true }).press('Enter');
    await messages
      .getByRole('listitem', { name: 'You (team) said' })
      .getByText('We ship to Canada in 5 business days.', { exact: false })
      .waitFor();
    await row.getByText('You: Yes! We ship to Canada', { exact: false }).waitFor();
    await screenshot(page, 'conversations-thread');

    // The visitor's thread holds the hand-written answer.
    const history = await json<{ messages: { content: string; isManualResponse: boolean }[] }>(
      await apiFetch(suite.server, 'POST', '/api/shared-chat/thread/', {
        token,
        sharedThreadId: first.sharedThreadId,
        visitorToken: first.visitorToken,
      }),
      200,
      'visitor history',
    );
    expect(history.messages.at(-1)).toMatchObject({ content: 'Yes! We ship to Canada in 5 business days.', isManualResponse: true });

    // Resumed, the bot answers again.
    await page.getByRole('button', { name: 'Resume auto-reply' }).click();
    await page.getByRole('button', { name: 'Pause auto-reply' }).waitFor();
    await row.getByText('Paused').waitFor({ state: 'detached' });

    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    expect(errors).toEqual([]);
  });

  it('goes from the list to a thread and back on a phone', async () => {
    const { page, errors } = await suite.open({ width: 390, height: 844 });
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/conversations`);
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('listitem').first().waitFor();
    expect(await page.getByTestId('thread-title').count()).toBe(0);
    await screenshot(page, 'conversations-phone-list');

    await list.getByRole('button').first().click();
    await page.getByTestId('thread-title').waitFor();
    expect(await list.isVisible()).toBe(false);
    await screenshot(page, 'conversations-phone-thread');
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await list.waitFor();
    expect(await page.getByTestId('thread-title').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
