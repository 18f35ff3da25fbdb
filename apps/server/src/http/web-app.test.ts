import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'aisle-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'widget.js'), '(()=>{})()');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for every client route, so deep links and reloads work', async () => {
    for (const url of ['/', '/store', '/users/verify-email?key=abc', '/shared/chat?token=x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets and keeps API misses as JSON 404s', async () => {
    expect((await t.app.inject('/assets/app.js')).body).toContain('console.log');
    const miss = await t.app.inject('/api/unknown/');
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ detail: 'Not found.' });
    expect((await t.app.inject({ method: 'POST', url: '/store' })).statusCode).toBe(404);
  });

  it('may be framed by the Shopify admin, and the public chat page by any storefront', async () => {
    const app = await t.app.inject('/store');
    expect(app.headers['x-frame-options']).toBeUndefined();
    // Served over plain http (PUBLIC_URL http://aisle.test): assets must not be forced to https.
    expect(app.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'self' https://admin.shopify.com https://*.myshopify.com");
    const chat = await t.app.inject('/shared/chat?token=abc');
    expect(chat.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('lets shops load the widget loader from their own pages, and nothing else of ours', async () => {
    const widget = await t.app.inject('/widget.js');
    expect(widget.statusCode, widget.body).toBe(200);
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers['content-type']).toContain('javascript');
    expect((await t.app.inject('/assets/app.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('the app in the Shopify admin', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'aisle-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Aisle</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      WEB_DIST_DIR: dist,
      SHOPIFY_API_KEY: 'client-id-123',
      SHOPIFY_API_SECRET: 'a-secret-that-never-reaches-the-page',
      SHOPIFY_APP_BRIDGE_URL: 'https://bridge.example/app-bridge.js',
      FRAME_ANCESTORS: 'https://admin.partner.example',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts the API key and, for the admin’s embedded load, App Bridge first in the head (never the secret)', async () => {
    const embedded = await t.app.inject('/?embedded=1&host=YWRtaW4&shop=my-shop.myshopify.com');
    expect(embedded.body).toMatch(
      /^<!doctype html><html><head><meta name="shopify-api-key" content="client-id-123" \/><script src="https:\/\/bridge\.example\/app-bridge\.js"><\/script><title>/,
    );
    expect(embedded.body).not.toContain('a-secret');
    const policy = String(embedded.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' https:\/\/bridge\.example/);
    expect(policy).toMatch(
      /frame-ancestors 'self' https:\/\/admin\.shopify\.com https:\/\/\*\.myshopify\.com https:\/\/admin\.partner\.example/,
    );

    const plain = await t.app.inject('/sh/preferences/');
    expect(plain.body).toContain('<meta name="shopify-api-key" content="client-id-123" />');
    expect(plain.body).not.toContain('app-bridge.js');
    // A shop that is not a Shopify domain gets no bridge.
    expect((await t.app.inject('/?embedded=1&host=x&shop=evil.example.com')).body).not.toContain('app-bridge.js');
  });
});
