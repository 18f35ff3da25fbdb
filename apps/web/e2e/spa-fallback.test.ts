import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server';
import { collectPageErrors, launchBrowser, screenshot } from './support/browser';

/**
 * The harness itself: the production server serves the production web build, client routes fall
 * back to index.html, API paths stay JSON, and Chromium loads the app without errors.
 */
describe('web app served by the production server', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['/store', '/users/verify-email?key=x'])('serves index.html for the client route %s', async (route) => {
    const res = await fetch(`${server.url}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nope/`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ detail: 'Not found.' });
  });

  it('loads in Chromium with the title "Aisle" and no console errors', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const res = await page.goto(server.url, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      expect(await page.title()).toBe('Aisle');
      // React mounted something into the root.
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      await screenshot(page, 'spa-fallback-home');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
