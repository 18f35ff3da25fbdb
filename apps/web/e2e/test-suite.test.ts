import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import type { AppServer } from './support/app-server';
import { seriousAccessibilityProblems } from './support/axe';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, graphql } from './support/shop-assistant';

/**
 * An assistant's test suite as a merchant meets it, in Chromium against the production server: a
 * store with an FAQ and a product list, an assistant on the built-in model; Tests opened from its
 * card, questions written from the store, a run followed live to its score, a case's expected fact
 * edited; a shopper's conversation added as a test question from the inbox; then the FAQ replaced
 * by one with a shorter return window, and the automatic run's regression appearing in the open
 * sheet by itself. Then the sheet at phone width in dark mode.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

const FAQ = [
  '# Help',
  '## Returns',
  'You can send items back within 30 days of delivery for a full refund.',
  '## Shipping',
  'Parcels inside the country arrive in 3 business days with Yamato.',
  '## Shipping fee',
  'Delivery costs $6 per order, and orders over $80 ship free.',
  '## Opening hours',
  'Our showroom is open from 10:00 to 19:00 every day.',
  '## Gift wrapping',
  'We wrap any order in recycled paper with a handwritten card.',
].join('\n\n');

const PRODUCTS = [
  'name,colour,material,price',
  'Trail Tent,"Orange, Grey",nylon,$389',
  'Summit Sleeping Bag,"Blue, Black",down,$249',
  'Ridge Backpack,"Green, Sand",canvas,$129',
  'Harbor Rain Jacket,"Yellow, Navy",polyester,$159',
  'Cedar Camp Chair,"Brown, Olive",aluminium,$69',
].join('\n');

interface Upload {
  fileName: string;
  contentType: string;
  content: string;
}

/** Uploads files to a store through the API as the web app does (batch, PUT each, finish); returns their ids. */
async function upload(server: AppServer, access: string, storeId: string, uploads: Upload[]): Promise<string[]> {
  const bytes = uploads.map((item) => Buffer.from(item.content));
  const batch = await expectJson<{ files: { fileId: string; uploadUrl: string }[] }>(
    await apiFetch(
      server,
      'POST',
      '/api/files/upload-batch/',
      {
        storeId,
        files: uploads.map((item, index) => ({ fileName: item.fileName, size: bytes[index]?.length, contentType: item.contentType })),
      },
      access,
    ),
    200,
    'upload batch',
  );
  for (const [index, file] of batch.files.entries()) {
    const put = await fetch(new URL(file.uploadUrl, server.url), {
      method: 'PUT',
      headers: { 'content-type': uploads[index]?.contentType as string },
      body: bytes[index],
    });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  }
  const fileIds = batch.files.map((file) => file.fileId);
  await expectJson(await apiFetch(server, 'POST', '/api/files/finish-upload/', { storeId, fileIds }, access), 200, 'finish');
  return fileIds;
}

/** Setup only (the browser part waits for what it sees): the store's files indexed before questions are written from them. */
async function filesReady(server: AppServer, access: string, storeId: string, count: number) {
  for (let attempt = 0; ; attempt++) {
    const data = await graphql<{ listFiles: { items: { status: string }[] } }>(
      server,
      access,
      'query($f: ModelFileFilterInput) { listFiles(filter: $f) { items { status } } }',
      { f: { storeID: { eq: storeId } } },
    );
    const statuses = data.listFiles.items.map((item) => item.status);
    if (statuses.length === count && statuses.every((status) => status === 'ready')) return;
    if (statuses.includes('failed') || attempt > 240) throw new Error(`the store's files did not become ready: ${statuses}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('an assistant’s test suite in the browser', () => {
  // An automatic run starts a second after the last change (15 s by default).
  const suite = browserSuite({ users: [ann], env: { TEST_RUN_DEBOUNCE_SECONDS: '1' } });
  let shop: { access: string; storeId: string; faqId: string };

  const signIn = async (page: Page) => {
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/assistants`);
    await page.getByRole('heading', { name: 'Assistants', exact: true }).waitFor();
  };
  const card = (page: Page) =>
    page.getByRole('list', { name: 'Assistants' }).getByRole('listitem', { name: 'Outfitters helper', exact: true });
  const openTests = async (page: Page) => {
    await card(page).getByRole('button', { name: 'Tests for Outfitters helper' }).click();
    const sheet = page.getByRole('dialog', { name: 'Tests for Outfitters helper' });
    await sheet.waitFor();
    return sheet;
  };
  /** The headline's two numbers. */
  const score = async (sheet: Locator) => {
    const heading = sheet.getByRole('heading', { name: /^Answers \d+ of \d+ test questions correctly$/ });
    await heading.waitFor({ timeout: 60_000 });
    const [, passed, total] = /Answers (\d+) of (\d+)/.exec((await heading.textContent()) ?? '') ?? [];
    return { passed: Number(passed), total: Number(total) };
  };
  /** Waits for running animations (the sheet sliding in), so screenshots show the end state. */
  const settled = (page: Page) =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );

  it('writes the suite from the store, runs it live, edits a case and shows a regression after the FAQ changes', {
    timeout: 240_000,
  }, async () => {
    const { access } = await login(suite.server, ann.email, ann.password);
    const store = await expectJson<{ id: string }>(
      await apiFetch(suite.server, 'POST', '/api/store/create/', { name: 'Outfitters' }, access),
      201,
      'store',
    );
    const [faqId] = await upload(suite.server, access, store.id, [
      { fileName: 'faq.md', contentType: 'text/markdown', content: FAQ },
      { fileName: 'products.csv', contentType: 'text/csv', content: PRODUCTS },
    ]);
    shop = { access, storeId: store.id, faqId: faqId as string };
    await filesReady(suite.server, access, store.id, 2);
    const assistant = await expectJson<{ id: string }>(
      await apiFetch(
        suite.server,
        'POST',
        '/api/assistant/create/',
        { assistantName: 'Outfitters helper', model: 'local:extractive' },
        access,
      ),
      201,
      'assistant',
    );
    await expectJson(
      await apiFetch(suite.server, 'POST', '/api/assistant/store-add/', { assistantId: assistant.id, storeId: store.id }, access),
      201,
      'store-add',
    );

    const { page, errors } = await suite.open({ height: 900 });
    await signIn(page);
    const sheet = await openTests(page);
    await sheet.getByRole('heading', { name: 'Know before going live' }).waitFor();
    await settled(page);
    await screenshot(page, 'test-suite-empty');

    // Questions written from the FAQ's sections and the products.
    await sheet.getByRole('button', { name: 'Generate test questions' }).click();
    const written = sheet.getByText(/^Wrote \d+ test questions from your store\.$/);
    await written.waitFor();
    const count = Number(/\d+/.exec((await written.textContent()) ?? '')?.[0]);
    expect(count).toBeGreaterThanOrEqual(15);
    const cases = sheet.getByRole('list', { name: 'Test questions', exact: true });
    expect(await cases.getByRole('listitem').count()).toBe(count);
    await sheet.getByRole('heading', { name: 'Not run yet' }).waitFor();

    // The run's progress is followed live: every value the bar shows is noted as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const now = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
        if (now != null && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await sheet.getByRole('button', { name: 'Run tests' }).click();
    const first = await score(sheet);
    expect(first.total).toBe(count);
    expect(first.passed / first.total).toBeGreaterThanOrEqual(0.9);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length, `progress values seen: ${seen}`).toBeGreaterThanOrEqual(2);
    await sheet.getByText(/ · Started by you$/).waitFor();
    await sheet.getByRole('heading', { name: 'Score over time' }).waitFor();
    await settled(page);
    await screenshot(page, 'test-suite-scored');

    // The gift wrapping question now expects only "recycled paper".
    const wrapping = cases.getByRole('listitem').filter({ has: page.getByTitle(/Gift wrapping$/) });
    const question = (await wrapping.getAttribute('aria-label')) as string;
    const item = cases.getByRole('listitem', { name: question, exact: true });
    await item.getByRole('button', { name: `Edit “${question}”` }).click();
    const form = item.getByRole('form', { name: 'Edit test question' });
    await form.getByLabel('Expected fact').fill('recycled paper');
    await form.getByRole('button', { name: 'Save question' }).click();
    await item.getByText('Expected: recycled paper', { exact: true }).waitFor();
    await form.waitFor({ state: 'detached' });

    // A shopper's question from the inbox, with the answer it got, becomes a test question in one click.
    const share = await expectJson<{ shareToken: { token: string } }>(
      await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId: assistant.id }, access),
      201,
      'share',
    );
    const chat = await expectJson<{ anonymousEmail: string }>(
      await apiFetch(suite.server, 'POST', '/api/shared-chat/message/', {
        token: share.shareToken.token,
        message: 'Do you gift wrap orders?',
      }),
      200,
      'visitor',
    );
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Conversations' }).first().click();
    const row = page.getByRole('listitem', { name: chat.anonymousEmail.split('@')[0] as string, exact: true });
    await row.getByRole('button').click();
    await page.getByRole('list', { name: 'Messages' }).getByRole('listitem', { name: 'Assistant said' }).waitFor();
    await page.getByRole('button', { name: 'Add to test questions' }).click();
    await page.getByText('Added to Outfitters helper’s test questions.').waitFor();
    await page.goto(`${suite.server.url}/assistants`);
    await page.getByRole('heading', { name: 'Assistants', exact: true }).waitFor();
    const reopened = await openTests(page);
    const fromInbox = reopened
      .getByRole('list', { name: 'Test questions', exact: true })
      .getByRole('listitem', { name: 'Do you gift wrap orders?' });
    await fromInbox.getByText('From a conversation').waitFor();

    // The FAQ is replaced by one with a 14-day return window (the new one indexed, then the old one
    // deleted); the automatic run's regression shows by itself.
    const [faqV2] = await upload(suite.server, access, store.id, [
      { fileName: 'faq-v2.md', contentType: 'text/markdown', content: FAQ.replace('30 days', '14 days') },
    ]);
    await filesReady(suite.server, access, store.id, 3);
    await expectJson(
      await apiFetch(suite.server, 'POST', '/api/files/delete-files/', { storeId: store.id, fileIds: [shop.faqId] }, access),
      200,
      'delete the old FAQ',
    );
    expect(faqV2).toBeTruthy();
    const failures = reopened.getByRole('list', { name: 'Failed test questions' });
    const regression = failures.getByRole('listitem').filter({ has: page.getByText('Regression', { exact: true }) });
    await regression.first().waitFor({ timeout: 90_000 });
    expect(await regression.first().textContent()).toContain('30 days');
    await reopened
      .getByText(/ · After changes to .+$/)
      .first()
      .waitFor();
    await reopened.getByRole('list', { name: 'Runs with regressions' }).getByRole('listitem').first().waitFor();
    await regression.first().scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'test-suite-regression');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });
    await card(page)
      .getByText(/^\d+ of \d+ test questions right$/)
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('reads at phone width in dark mode', async () => {
    const { page, errors } = await suite.open({ width: 390, height: 844 });
    // The app follows the system's theme until one is chosen.
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The regression e-mail's link opens the assistant's tests at once.
    const { access } = await login(suite.server, ann.email, ann.password);
    const listed = await graphql<{ listAssistants: { items: { id: string; assistantName: string }[] } }>(
      suite.server,
      access,
      '{ listAssistants { items { id assistantName } } }',
      {},
    );
    const assistantId = listed.listAssistants.items.find((item) => item.assistantName === 'Outfitters helper')?.id;
    await page.goto(`${suite.server.url}/assistants?tests=${assistantId}`);
    const sheet = page.getByRole('dialog', { name: 'Tests for Outfitters helper' });
    await score(sheet);
    await sheet.getByRole('list', { name: 'Test questions', exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'test-suite-phone-dark');
    // Nothing in the sheet is wider than the phone.
    const wider = await sheet.evaluate((element) => {
      const edge = element.getBoundingClientRect().right;
      return [...element.querySelectorAll('*')]
        .filter((inner) => inner.getBoundingClientRect().right > edge + 1 && !inner.closest('.sr-only'))
        .slice(0, 5)
        .map((inner) => `${inner.tagName.toLowerCase()}.${inner.getAttribute('class') ?? ''}`);
    });
    expect(wider).toEqual([]);
    expect(await sheet.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
