import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../process-lifecycle';
import { createAssistant } from '../testing/assistants';
import { createStore, post } from '../testing/knowledge';
import { shareAssistant } from '../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';

/**
 * Issue 28, finding 8: the info log held working links (a signed upload URL, a share link's token,
 * OAuth codes). Through the process's own logger (main.ts's createLogger), Fastify's request lines
 * name the method, the route and the parameters, never what opens them.
 */
describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const logger = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) });
    t = await createTestApp({}, { logger });
  });
  afterAll(async () => {
    await t.close();
  });

  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { method: string; url: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => `${entry.req?.method} ${entry.req?.url}`);

  it('keep no capability of the routes that carry one, and still say which route was called', async () => {
    const owner = await createVerifiedUser(t);
    const viewer = { email: owner.email, access: owner.access, isStaff: false };
    const storeId = await createStore(t, viewer);
    const batch = await post(t, viewer, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: 'faq.txt', contentType: 'text/plain', size: 3 }],
    });
    const file = (batch.body?.files as { uploadUrl: string }[] | undefined)?.[0];
    if (!file) throw new Error(`upload-batch answered ${batch.status}`);
    const upload = new URL(file.uploadUrl, 'http://aisle.test');
    const uploadSignature = upload.searchParams.get('signature') as string;
    const share = await shareAssistant(t, viewer, await createAssistant(t, viewer));
    const shareToken = (share.shareToken as { token: string }).token;
    expect(uploadSignature.length).toBeGreaterThan(10);
    expect(shareToken.length).toBeGreaterThan(10);

    const calls: [string, string][] = [
      ['PUT', `${upload.pathname}${upload.search}`],
      ['GET', `/shared/chat?token=${shareToken}`],
      ['GET', '/api/downloads/0b7c2a52-7c1e-4b43-9d0e-0d8f0b2c9a11/?expires=1999999999&signature=dl-signature-value-1'],
      ['GET', '/api/sh/callback/?code=oauth-code-value-2&hmac=callback-hmac-value-3&shop=a.myshopify.com&state=oauth-state-value-4'],
      ['GET', '/api/instagram/callback/?code=meta-code-value-5&state=meta-state-value-6'],
      [
        'GET',
        '/?embedded=1&hmac=launch-hmac-value-7&host=YWRtaW4&id_token=app-bridge-token-value-8&session=session-value-9&shop=a.myshopify.com',
      ],
      ['GET', '/api/sh/validate_session/?shopify_token=app-bridge-token-value-10'],
      // Logged at warn only (its route's logLevel); should it fail, its line must not hold the key either.
      ['GET', '/api/accounts/confirm-email/verification-key-value-11/'],
      ['GET', '/users/reset-password?uid=MTI&token=reset-token-value-12'],
    ];
    for (const [method, url] of calls)
      await t.app.inject({ method: method as 'GET' | 'PUT', url, payload: method === 'PUT' ? 'abc' : undefined });

    const everything = lines.join('\n');
    expect(everything).not.toContain(uploadSignature);
    expect(everything).not.toContain(shareToken);
    expect(everything).not.toMatch(/-value-\d+/);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        `PUT ${upload.pathname}?expires=${upload.searchParams.get('expires')}&signature=[redacted]`,
        'GET /shared/chat?token=[redacted]',
        'GET /api/downloads/0b7c2a52-7c1e-4b43-9d0e-0d8f0b2c9a11/?expires=1999999999&signature=[redacted]',
        'GET /api/sh/callback/?code=[redacted]&hmac=[redacted]&shop=a.myshopify.com&state=[redacted]',
        'GET /api/instagram/callback/?code=[redacted]&state=[redacted]',
        'GET /?embedded=1&hmac=[redacted]&host=YWRtaW4&id_token=[redacted]&session=[redacted]&shop=a.myshopify.com',
        'GET /api/sh/validate_session/?shopify_token=[redacted]',
        'GET /users/reset-password?uid=MTI&token=[redacted]',
      ]),
    );
  });
});
