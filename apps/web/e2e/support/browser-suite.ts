import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type AppServer, type StartAppServerOptions, startAppServer } from './app-server';
import { collectPageErrors, launchBrowser } from './browser';

/**
 * A describe block's browser world: one production server and one Chromium for the block, a
 * fresh browser context per page opened (closed after each test), and signing in through the form.
 */
export function browserSuite(options: StartAppServerOptions = {}) {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startAppServer(options);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser) throw new Error('browserSuite is used outside its describe block');
    return { server, browser };
  };

  return {
    get server(): AppServer {
      return running().server;
    },
    /**
     * A new page in a new context (no storage shared with other pages or tests: two calls in one
     * test are two people), with its page errors.
     */
    async open(viewport: { width?: number; height?: number; locale?: string } = {}) {
      // `locale` is the browser's language: navigator.languages and the Accept-Language header.
      const context = await running().browser.newContext({
        viewport: { width: viewport.width ?? 1280, height: viewport.height ?? 800 },
        ...(viewport.locale ? { locale: viewport.locale } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page) };
    },
    /** Signs in with the form and waits for the landing route, /account. */
    async signIn(page: Page, email: string, password: string) {
      const { url } = running().server;
      await page.goto(url);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${url}/account`);
    },
  };
}
