import { describe, expect, it } from 'vitest';
import { sampleValue } from '../testing/metrics-text';
import { freePort } from '../testing/server-bundle';
import { createTestApp } from '../testing/test-app';

describe('METRICS_PORT', () => {
  it('serves /metrics on that port only: the app’s port answers 404, and the port closes with the app', async () => {
    const port = await freePort();
    const t = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const text = await res.text();
      expect(sampleValue(text, 'aisle_http_requests_total', { method: 'GET', route: '/healthz', status_code: '200' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
