import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { webDir } from './web-build';

/** Debian's Chromium (.ci/run installs it); playwright-core never downloads a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium. Launch one per test file (beforeAll) and give each test its own
 * `browser.newContext()`: a context is a fresh profile (no cookies, no local storage).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** Where screenshots go (git-ignored); CI can keep the folder as an artifact. */
export const artifactsDir = path.join(webDir, 'e2e', 'artifacts');

/** Saves a full-page screenshot as apps/web/e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects the page's console errors and uncaught exceptions from now on, as text; assert
 * `expect(errors).toEqual([])` at the end of a test.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
