import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { scaled } from '../testing/test-backend';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the process up and the database migrated', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: scaled ? 'postgres' : 'pglite' });
  });

  it('reports not ready when the database is gone', async () => {
    const other = await createTestApp();
    await other.services.database.close();
    const ready = await other.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    await other.close();
  });

  it('answers unknown API paths with a JSON 404 and sets security headers', async () => {
    const res = await t.app.inject('/api/nope/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://app.aisle.test' });
  });
  afterAll(() => t.close());

  it('lets the configured origins call the API and the data API, and no others', async () => {
    for (const url of ['/api/token/', '/graphql']) {
      const allowed = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://app.aisle.test', 'access-control-request-method': 'POST' },
      });
      expect(allowed.headers['access-control-allow-origin'], url).toBe('https://app.aisle.test');
      const other = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
      });
      expect(other.headers['access-control-allow-origin'], url).toBeUndefined();
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
        payload: {},
      });
      expect(post.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
