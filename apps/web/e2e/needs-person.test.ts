import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';

/**
 * Calling in a person (issue 16), two people in two browser contexts on the built-in
 * `local:extractive` model: the owner sets the assistant to pause auto-reply when a person is
 * needed; a shopper on /shared/chat asks something the store does not cover, then asks for a human. The owner, watching /conversations, sees the unanswered question counted and the
 * thread marked "Needs a person" live; replies by hand, which clears the mark; the shopper sees the
 * reply live. Then the owner adds an answer to the store from the unanswered questions.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

describe('a shopper who needs a person, and the owner who answers', () => {
  const suite = browserSuite({ users: [ann] });

  it('marks the thread live in the inbox, the owner’s reply reaches the shopper, and an unanswered question gets an answer', async () => {
    const { server } = suite;
    const { access, assistantId } = await setUpShopAssistant(server, ann);
    const share = await expectJson<{ shareToken: { token: string } }>(
      await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
      201,
      'share',
    );

    // The owner sets the assistant to pause auto-reply once a person is needed; the setting is kept.
    const owner = await suite.open();
    await suite.signIn(owner.page, ann.email, ann.password);
    await owner.page.goto(`${server.url}/assistants`);
    const sheet = owner.page.getByRole('dialog');
    const pauseSwitch = sheet.getByRole('switch', { name: /Pause auto-reply when a person is needed/ });
    await owner.page.getByRole('button', { name: 'Edit Shop helper' }).click();
    expect(await pauseSwitch.getAttribute('aria-checked')).toBe('false');
    await pauseSwitch.click();
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.waitFor({ state: 'detached' });
    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Edit Shop helper' }).click();
    expect(await pauseSwitch.getAttribute('aria-checked')).toBe('true');
    await owner.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The owner is watching the inbox before anyone writes; a mark on the page proves no reload.
    await owner.page.goto(`${server.url}/conversations`);
    await owner.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    await owner.page.evaluate(() => Object.assign(window, { __stillHere: true }));

    const shopper = await suite.open({ width: 390, height: 844 });
    await shopper.page.goto(`${server.url}/shared/chat?token=${encodeURIComponent(share.shareToken.token)}`);
    const log = shopper.page.getByRole('log', { name: 'Conversation' });
    const say = async (page: Page, text: string) => {
      await page.locator('#shared-chat-composer:enabled').waitFor();
      await page.getByLabel('Message', { exact: true }).fill(text);
      await page.getByLabel('Message', { exact: true }).press('Enter');
    };

    // Something the store's FAQ does not cover: the assistant says so, and the owner sees it counted.
    await say(shopper.page, 'Do you offer gift wrapping?');
    await log.getByRole('listitem', { name: 'Shop helper said' }).getByText("couldn't find that", { exact: false }).waitFor();
    const unansweredTab = owner.page.getByRole('tab', { name: /^Unanswered questions/ });
    await owner.page.getByRole('tab', { name: 'Unanswered questions, 1 waiting' }).waitFor();

    // The shopper asks for a human and is told plainly that the team will reply.
    await say(shopper.page, 'My mug arrived chipped. Can a human help me?');
    await log.getByRole('listitem', { name: 'Shop helper said' }).nth(1).getByText('someone from our team', { exact: false }).waitFor();

    // The owner's list shows the thread as needing a person, live, with why; the filter keeps it.
    const row = owner.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first();
    await row.getByText('Needs a person').waitFor();
    await row.getByText('asked for one', { exact: false }).waitFor();
    expect(await row.getAttribute('data-needs-person')).toBe('true');
    const filter = owner.page.getByRole('button', { name: 'Needs a person', exact: true });
    await filter.click();
    expect(await filter.getAttribute('aria-pressed')).toBe('true');
    await row.getByText('Needs a person').waitFor();
    // The navigation counts it on every screen.
    await owner.page.getByRole('link', { name: /^Conversations\W*1 need a person$/ }).waitFor();
    await screenshot(owner.page, 'needs-person-inbox');

    // The owner opens it and answers by hand: the mark clears, the shopper gets the reply live.
    await row.getByRole('button').click();
    const notice = owner.page.getByRole('region', { name: 'Needs a person' });
    await notice.getByText('asked to talk to a person', { exact: false }).waitFor();
    // The assistant's setting paused auto-reply when the thread was handed over.
    await owner.page.getByRole('button', { name: 'Resume auto-reply' }).waitFor();
    await screenshot(owner.page, 'needs-person-thread');
    await owner.page.getByLabel('Reply', { exact: true }).fill('Hi, Sam here: a new mug is on its way today.');
    await owner.page.getByLabel('Reply', { exact: true }).press('Enter');
    await owner.page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem', { name: 'You (team) said' })
      .getByText('Sam here', { exact: false })
      .waitFor();
    await notice.waitFor({ state: 'detached' });
    await row.getByText('Needs a person').waitFor({ state: 'detached' });
    await owner.page.getByRole('link', { name: /need a person/ }).waitFor({ state: 'detached' });
    await log.getByRole('listitem', { name: 'The shop’s team said' }).getByText('a new mug is on its way', { exact: false }).waitFor();
    await screenshot(shopper.page, 'needs-person-shopper-sees-reply');

    // The unanswered question gets an answer, added to the store; the list is then empty.
    await unansweredTab.click();
    const question = owner.page.getByRole('listitem', { name: 'Do you offer gift wrapping?' });
    await question.getByRole('button', { name: 'Add an answer to the store' }).click();
    await question.getByLabel('Answer', { exact: true }).fill('Yes: gift wrapping costs $5 per order, chosen at checkout.');
    await screenshot(owner.page, 'needs-person-unanswered-question');
    await question.getByRole('button', { name: 'Save answer' }).click();
    await owner.page.getByText('Answer added to the store.', { exact: false }).waitFor();
    await owner.page.getByRole('heading', { name: 'No unanswered questions' }).waitFor();
    await owner.page.getByRole('tab', { name: 'Unanswered questions', exact: true }).waitFor();

    // Everything arrived live: the owner's page was never reloaded.
    expect(await owner.page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(owner.errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
  });
});
