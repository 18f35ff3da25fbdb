import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * The Store screen as a merchant meets it, in Chromium against the production server: create a
 * store, upload three documents at once, watch them become ready live, test retrieval, delete a
 * file, rename and delete the store; light, dark and phone widths.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

const faq = `# Frequently asked questions

## Returns and refunds

You can return any unworn item within 30 days of delivery for a full refund. Start a return from
your order page; we email a prepaid label.

## Shipping

Orders ship from Portland within two business days. Standard shipping is free over $50.
`;

const sizeChart = `Size chart for tops

Small: chest 34-36 inches, waist 28-30 inches.
Medium: chest 38-40 inches, waist 32-34 inches.
Large: chest 42-44 inches, waist 36-38 inches.
Between sizes? Choose the larger size for a relaxed fit.
`;

const aboutPage = `<!doctype html>
<html><head><title>About us</title></head>
<body><h1>About Aisle Outfitters</h1>
<p>We are a family-run clothing shop founded in 2012. Every garment is sewn from organic cotton.</p>
<h2>Visit us</h2><p>Our store on Alder Street opens at ten every morning except Mondays.</p>
</body></html>`;

describe('the Store screen in the browser', () => {
  // A 1 MB limit, so the oversize case needs no large upload.
  const suite = browserSuite({ users: [ann], env: { FILE_MAX_BYTES: String(1024 * 1024) } });
  const open = (viewport: { width?: number; height?: number } = {}) => suite.open({ height: 900, ...viewport });

  /** Signs in and opens the Store screen. */
  const signIn = async (page: Page) => {
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/store`);
    await page.getByRole('heading', { name: 'Store', exact: true }).waitFor();
  };

  const fileRow = (page: Page, name: string) => page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name });

  it('creates a store, uploads three files, sees them ready, tests retrieval and deletes a file', async () => {
    const { page, errors } = await open();
    await signIn(page);

    await page.getByRole('heading', { name: 'Create your first store' }).waitFor();
    await screenshot(page, 'store-empty');

    await page.getByRole('button', { name: 'Create store' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create store' }).click();
    await dialog.getByText('This field may not be blank.').waitFor();
    await screenshot(page, 'store-create-invalid');
    await dialog.getByLabel('Store name').fill('Help center');
    await dialog.getByRole('button', { name: 'Create store' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Help center/ }).waitFor();
    await page.getByRole('heading', { name: 'Help center', level: 2 }).waitFor();
    expect(page.url()).toMatch(/\/store\?store=[0-9a-f-]{36}$/);

    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'faq.md', mimeType: 'text/markdown', buffer: Buffer.from(faq) },
      { name: 'size-chart.txt', mimeType: 'text/plain', buffer: Buffer.from(sizeChart) },
      { name: 'about.html', mimeType: 'text/html', buffer: Buffer.from(aboutPage) },
    ]);
    // Whatever stage the uploads are at (tiny files go fast): rows with progress and chips.
    await fileRow(page, 'about.html').waitFor();
    await screenshot(page, 'store-uploading');
    for (const name of ['faq.md', 'size-chart.txt', 'about.html']) {
      await fileRow(page, name).getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    }
    expect(await page.getByRole('list', { name: 'Files' }).getByRole('listitem').count()).toBe(3);
    // The store's own summary follows live.
    await page
      .getByRole('button', { name: /^Help center/ })
      .getByText('3 files')
      .waitFor();
    await page
      .getByRole('button', { name: /^Help center/ })
      .getByText('Ready', { exact: true })
      .waitFor();
    await screenshot(page, 'store-files-ready');

    await page.getByLabel('Question').fill('How many days do I have to return an item?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Retrieval results' });
    await results.waitFor();
    const top = results.getByRole('listitem').first();
    expect(await top.getByTestId('result-file').textContent()).toBe('faq.md');
    const marked = (await top.locator('mark').allTextContents()).map((text) => text.toLowerCase());
    expect(marked).toContain('return');
    expect(marked).toContain('days');
    await screenshot(page, 'store-retrieval');

    await page.getByLabel('Question').fill('zebra xylophone quantum');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No passages match “zebra xylophone quantum”.', { exact: false }).waitFor();

    await page.getByLabel('Select size-chart.txt').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('size-chart.txt').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await fileRow(page, 'size-chart.txt').waitFor({ state: 'detached' });
    expect(await page.getByRole('list', { name: 'Files' }).getByRole('listitem').count()).toBe(2);
    await page
      .getByRole('button', { name: /^Help center/ })
      .getByText('2 files')
      .waitFor();

    // Dark theme, same screen.
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByLabel('Question').fill('When does the store open?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await results.waitFor();
    await screenshot(page, 'store-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(errors).toEqual([]);
  });

  it('refuses an oversize file alone, renames and deletes a store, and fits a phone', async () => {
    const { page, errors } = await open({ width: 375, height: 800 });
    await signIn(page);
    await page.getByRole('heading', { name: 'Help center', level: 2 }).waitFor();
    await fileRow(page, 'faq.md').getByText('Ready', { exact: true }).waitFor();

    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'catalog-dump.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1024 * 1024 + 10, 'a') },
      { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nExchanges are free within 60 days.\n') },
    ]);
    const big = fileRow(page, 'catalog-dump.txt');
    await big.getByText('Failed', { exact: true }).waitFor();
    await big.getByText('This file is larger than the 1 MB limit.').waitFor();
    await fileRow(page, 'returns.md').getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'store-mobile');
    await page.getByRole('button', { name: 'Dismiss catalog-dump.txt' }).click();
    await big.waitFor({ state: 'detached' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Store name').inputValue()).toBe('Help center');
    await dialog.getByLabel('Store name').fill('Help centre');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Help centre', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Delete store' }).click();
    await dialog.getByText('“Help centre” and all its files', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete store' }).click();
    await page.getByRole('heading', { name: 'Create your first store' }).waitFor();
    // The refused oversize file is a 400 the browser logs by itself; nothing else may fail.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  });
});
