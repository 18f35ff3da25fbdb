import { tinyPng } from '@aisle/server/testing/images';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * The Assistants screen as a merchant meets it, in Chromium against the production server: a
 * blank name refused, an assistant created with instructions, two suggested questions and a linked
 * store, seen in the list, renamed and deleted after a confirmation; pictures uploaded while
 * creating and while editing; light, dark and phone widths.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

describe('the Assistants screen in the browser', () => {
  const suite = browserSuite({ users: [ann] });
  const open = (viewport: { width?: number; height?: number } = {}) => suite.open({ height: 900, ...viewport });

  /** A store made through the API, so this file tests the assistant screen only. */
  const createStore = async (name: string) => {
    const { access } = await login(suite.server, ann.email, ann.password);
    const res = await apiFetch(suite.server, 'POST', '/api/store/create/', { name }, access);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  const signIn = async (page: Page) => {
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/assistants`);
    await page.getByRole('heading', { name: 'Assistants', exact: true }).waitFor();
  };

  /**
   * Clicks the open confirmation's button. Seen once in a full CI run: the dialog was on screen (its
   * screenshot shows the button) but no button of that role and name was found for 30 s. If that
   * happens again the failure says what the dialogs were and what hid them from the accessibility
   * tree (an ancestor's aria-hidden or inert), and the page's accessibility snapshot.
   */
  const clickConfirm = async (page: Page, name: string) => {
    try {
      await page.getByRole('dialog').getByRole('button', { name }).click();
    } catch (error) {
      const dialogs = await page.evaluate(() =>
        [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((dialog) => {
          const hiddenBy: string[] = [];
          for (let node: Element | null = dialog; node; node = node.parentElement) {
            if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) hiddenBy.push(node.outerHTML.slice(0, 120));
          }
          const buttons = [...dialog.querySelectorAll('button')].map(
            (button) => `${button.textContent}${button.disabled ? ' (disabled)' : ''}`,
          );
          return { state: dialog.getAttribute('data-state'), text: dialog.textContent?.slice(0, 160), buttons, hiddenBy };
        }),
      );
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((failure: unknown) => `(no snapshot: ${String(failure)})`);
      throw new Error(`${String(error)}\ndialogs: ${JSON.stringify(dialogs, null, 1)}\naccessibility snapshot:\n${snapshot}`);
    }
  };

  /** Waits for running animations and transitions (sheet slide-in, theme fade), so screenshots show the end state. */
  const settled = (page: Page) =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          // Spinners and skeleton pulses never finish.
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          // A cancelled animation (the element went away) rejects `finished`; it is settled all the same.
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );

  const card = (page: Page, name: string) => page.getByRole('list', { name: 'Assistants' }).getByRole('listitem', { name, exact: true });

  /** Picks a file through the upload button's file chooser, as a merchant does. */
  const pickFile = async (page: Page, button: ReturnType<Page['getByRole']>, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await chooser.setFiles(file);
  };

  it('creates an assistant with questions and a store, edits its name and deletes it', async () => {
    await createStore('Help center');
    const { page, errors } = await open();
    await signIn(page);

    await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();
    await screenshot(page, 'assistants-empty');

    await page.getByRole('button', { name: 'New assistant' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('heading', { name: 'New assistant' }).waitFor();
    await sheet.getByRole('button', { name: 'Create assistant' }).click();
    await sheet.getByText('This field may not be blank.').waitFor();
    expect(await sheet.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await settled(page);
    await screenshot(page, 'assistants-create-invalid');

    await sheet.getByLabel('Name', { exact: true }).fill('Shop helper');
    await sheet.getByLabel('Instructions').fill('You are the friendly assistant of Aisle Outfitters. Answer from the help center.');
    await sheet.getByRole('button', { name: 'Add question' }).click();
    await sheet.getByLabel('Question 1', { exact: true }).fill('How long does shipping take?');
    await sheet.getByLabel('Example answer 1').fill('Orders ship within two business days.');
    await sheet.getByRole('button', { name: 'Add question' }).click();
    await sheet.getByLabel('Question 2', { exact: true }).fill('Can I return an item?');
    await sheet.getByLabel('Link Help center').check();
    // The built-in model is free.
    await sheet.getByRole('radiogroup').getByText('Free').first().waitFor();
    await sheet.getByRole('list', { name: 'Suggested questions' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'assistants-create-form');
    await sheet.getByRole('button', { name: 'Create assistant' }).click();
    await sheet.waitFor({ state: 'detached' });

    const helper = card(page, 'Shop helper');
    await helper.getByText('Help center').waitFor();
    await helper.getByText('Ready', { exact: true }).waitFor();
    const chatHref = await helper.getByRole('link', { name: 'Chat with Shop helper' }).getAttribute('href');
    expect(chatHref).toMatch(/^\/chat\?assistant=[0-9a-f-]{36}$/);
    await screenshot(page, 'assistants-list');

    // The saved questions and link come back in the editor.
    await helper.getByRole('button', { name: 'Edit Shop helper' }).click();
    await sheet.getByRole('heading', { name: 'Edit Shop helper' }).waitFor();
    expect(await sheet.getByLabel('Question 2', { exact: true }).inputValue()).toBe('Can I return an item?');
    expect(await sheet.getByLabel('Example answer 1').inputValue()).toBe('Orders ship within two business days.');
    expect(await sheet.getByLabel('Link Help center').isChecked()).toBe(true);
    await sheet.getByLabel('Name', { exact: true }).fill('Shop concierge');
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.waitFor({ state: 'detached' });
    await card(page, 'Shop concierge').getByText('Help center').waitFor();
    await card(page, 'Shop helper').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await settled(page);
    await screenshot(page, 'assistants-dark');
    await card(page, 'Shop concierge').getByRole('button', { name: 'Edit Shop concierge' }).click();
    await sheet.getByRole('heading', { name: 'Edit Shop concierge' }).waitFor();
    await settled(page);
    await screenshot(page, 'assistants-edit-dark');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    await page.getByRole('button', { name: 'Actions for Shop concierge' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('“Shop concierge” and all its conversations', { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'assistants-delete-confirm');
    await clickConfirm(page, 'Delete assistant');
    await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('uploads a picture picked while creating, and another while editing; both show in the editor and the card', async () => {
    const { page, errors } = await open();
    await signIn(page);
    await page.getByRole('button', { name: 'New assistant' }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel('Name', { exact: true }).fill('Gift finder');
    // Without a picture, the preview shows the name's initials.
    await sheet.getByText('GF', { exact: true }).waitFor();

    const uploadAssistant = sheet.getByRole('button', { name: 'Upload image for Assistant avatar' });
    await pickFile(page, uploadAssistant, { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2_097_153) });
    await sheet.getByRole('alert').getByText('The avatar image is too large: the limit is 2 MB.').waitFor();
    await pickFile(page, uploadAssistant, { name: 'gift.png', mimeType: 'image/png', buffer: tinyPng(32, [20, 120, 200]) });
    await sheet.getByText('“gift.png” is uploaded when you create the assistant.').waitFor();
    await sheet.getByRole('img', { name: 'Assistant avatar preview' }).waitFor();
    await settled(page);
    await screenshot(page, 'assistants-avatar-picked');
    await sheet.getByRole('button', { name: 'Create assistant' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The card shows the uploaded picture, served from our own origin.
    const picture = card(page, 'Gift finder').locator('img[data-slot="avatar-image"]');
    await picture.waitFor();
    const assistantUrl = await picture.getAttribute('src');
    expect(assistantUrl).toMatch(new RegExp(`^${suite.server.url}/media/avatars/[0-9a-f-]{36}\\.png$`));
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    await card(page, 'Gift finder').getByRole('button', { name: 'Edit Gift finder' }).click();
    await sheet.getByRole('heading', { name: 'Edit Gift finder' }).waitFor();
    expect(await sheet.getByLabel('Assistant avatar', { exact: true }).inputValue()).toBe(assistantUrl);
    await sheet.getByRole('img', { name: 'Assistant avatar preview' }).waitFor();

    // A saved assistant's picture is stored at once.
    const uploadVisitor = sheet.getByRole('button', { name: 'Upload image for Visitor avatar' });
    await pickFile(page, uploadVisitor, { name: 'visitor.png', mimeType: 'image/png', buffer: tinyPng(16, [240, 180, 40]) });
    await sheet.getByText('Uploaded and saved.').waitFor();
    await sheet.getByRole('img', { name: 'Visitor avatar preview' }).waitFor();
    const visitorUrl = await sheet.getByLabel('Visitor avatar', { exact: true }).inputValue();
    expect(visitorUrl).toMatch(/\/media\/avatars\/[0-9a-f-]{36}\.png$/);

    // What the server refuses is said under the field.
    await pickFile(page, uploadVisitor, {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not a picture'),
    });
    await sheet
      .getByRole('alert')
      .getByText('Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.')
      .waitFor();
    await settled(page);
    await screenshot(page, 'assistants-avatar-edit');

    // Saving the form keeps the uploaded addresses.
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.waitFor({ state: 'detached' });
    const { access } = await login(suite.server, ann.email, ann.password);
    const listed = await apiFetch(
      suite.server,
      'POST',
      '/graphql',
      { query: '{ listAssistants { items { assistantName assistantAvatarUrl userAvatarUrl } } }' },
      access,
    );
    const items = ((await listed.json()) as { data: { listAssistants: { items: Record<string, string>[] } } }).data.listAssistants.items;
    expect(items.find((item) => item.assistantName === 'Gift finder')).toEqual({
      assistantName: 'Gift finder',
      assistantAvatarUrl: assistantUrl,
      userAvatarUrl: visitorUrl,
    });
    // Chromium logs the refused upload's 400; nothing else may go wrong.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  });

  it('fits a phone: the list and the editor', async () => {
    const { access } = await login(suite.server, ann.email, ann.password);
    const created = await apiFetch(
      suite.server,
      'POST',
      '/api/assistant/create/',
      { assistantName: 'Size guide', useCase: 'Sizing questions', assistantUserQA: [{ question: 'What size am I?' }] },
      access,
    );
    expect(created.status).toBe(201);
    const { page, errors } = await open({ width: 375, height: 800 });
    await signIn(page);
    await card(page, 'Size guide').waitFor();
    await screenshot(page, 'assistants-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await card(page, 'Size guide').getByRole('button', { name: 'Edit Size guide' }).click();
    const sheet = page.getByRole('dialog');
    expect(await sheet.getByLabel('Question 1', { exact: true }).inputValue()).toBe('What size am I?');
    await settled(page);
    await screenshot(page, 'assistants-mobile-editor');
    expect(await sheet.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(375);
    await sheet.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
    expect(await sheet.getByRole('button', { name: 'Save changes' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
