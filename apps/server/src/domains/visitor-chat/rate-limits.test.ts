import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import type { TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { redisUrl, scaled } from '../../testing/test-backend';
import { createVerifiedUser } from '../../testing/users';

const limits = {
  DEFAULT_MODEL: 'local:extractive',
  SHARED_CHAT_VISITOR_RATE_LIMIT: '3',
  SHARED_CHAT_TOKEN_RATE_LIMIT: '5',
  SHARED_CHAT_READ_RATE_LIMIT: '4',
};

describe('public chat rate limits', () => {
  let t: TestApp;
  let owner: TestViewer;
  let assistantId: string;

  beforeAll(async () => {
    t = await createTestApp(limits);
    const user = await createVerifiedUser(t, { email: 'limits@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    assistantId = await createAssistant(t, owner);
  });
  afterAll(() => t.close());

  const newToken = async () => (await shareAssistant(t, owner, assistantId)).shareToken.token as string;

  it('limits each visitor’s messages, answering 429 with Retry-After, while other visitors carry on', async () => {
    const token = await newToken();
    const first = await visitor(t, 'message', { token, message: 'One' });
    const { sharedThreadId, visitorToken } = first.body;
    // The first message counts by address (the visitor has no token yet), the next ones by token: 3 a minute here.
    const statuses = [first.status];
    for (const message of ['Two', 'Three', 'Four']) {
      statuses.push((await visitor(t, 'message', { token, message, sharedThreadId, visitorToken })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const throttled = await visitor(t, 'stream', { token, message: 'Five', sharedThreadId, visitorToken });
    expect(throttled.status).toBe(429);
    expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    // Another visitor (a first message, counted by address) is not held back by this one…
    expect((await visitor(t, 'message', { token, message: 'Hello from someone else' })).status).toBe(200);
    // …until the link's own limit (5 a minute here) is reached, for everyone.
    const later = await visitor(t, 'message', { token, message: 'And me' });
    expect(later.status).toBe(429);
  });

  it('does not let made-up visitor tokens use up the link’s budget, and limits them per address', async () => {
    const app = await createTestApp({ ...limits, SHARED_CHAT_VISITOR_RATE_LIMIT: '3', SHARED_CHAT_TOKEN_RATE_LIMIT: '3' });
    try {
      const user = await createVerifiedUser(app, { email: 'limits-forged@shop.test' });
      const viewer = { email: user.email, access: user.access, isStaff: false };
      const token = (await shareAssistant(app, viewer, await createAssistant(app, viewer))).shareToken.token as string;
      const forged = (n: number) =>
        visitor(app, 'message', { token, message: 'spam', sharedThreadId: randomUUID(), visitorToken: `forged-${n}` });
      for (let n = 0; n < 6; n++) expect((await forged(n)).status).toBe(404);
      // The link still has its whole budget (3 a minute here) for a real visitor.
      const first = await visitor(app, 'message', { token, message: 'Hi' });
      expect(first.status).toBe(200);
      const { sharedThreadId, visitorToken } = first.body;
      expect((await visitor(app, 'message', { token, message: 'Two', sharedThreadId, visitorToken })).status).toBe(200);
      expect((await visitor(app, 'message', { token, message: 'Three', sharedThreadId, visitorToken })).status).toBe(200);
      // Made-up tokens count per address, with first messages (3 visitors' worth: 9 a minute here);
      // the real visitor's follow-ups do not. 6 forged + 1 first message so far: two more misses
      // are answered, then the address is throttled, even before its tokens are looked up.
      expect((await forged(7)).status).toBe(404);
      expect((await forged(8)).status).toBe(404);
      const throttled = await forged(9);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect((await forged(10)).status).toBe(429);
      // New threads from that address are throttled too; the real visitor's thread is not.
      expect((await visitor(app, 'message', { token, message: 'Another visitor' })).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('lets many visitors behind one address keep chatting: only new threads count per address', async () => {
    const app = await createTestApp({ ...limits, SHARED_CHAT_VISITOR_RATE_LIMIT: '2', SHARED_CHAT_TOKEN_RATE_LIMIT: '100' });
    try {
      const user = await createVerifiedUser(app, { email: 'limits-proxy@shop.test' });
      const viewer = { email: user.email, access: user.access, isStaff: false };
      const token = (await shareAssistant(app, viewer, await createAssistant(app, viewer))).shareToken.token as string;
      // One address (a proxy) stands for 3 visitors' worth of new threads: 6 a minute here.
      const threads = [];
      for (let n = 0; n < 6; n++) {
        const first = await visitor(app, 'message', { token, message: `Hi from visitor ${n}` });
        expect(first.status).toBe(200);
        threads.push(first.body);
      }
      expect((await visitor(app, 'message', { token, message: 'One visitor too many' })).status).toBe(429);
      // Each of them still sends follow-ups, up to their own limit: 6 more messages from the same address.
      for (const { sharedThreadId, visitorToken } of threads) {
        const followUp = await visitor(app, 'message', { token, message: 'And one more thing', sharedThreadId, visitorToken });
        expect(followUp.status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('limits reads per visitor separately from messages', async () => {
    const token = await newToken();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await visitor(t, 'decode-shared-token', { token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // A visitor with a thread counts by their token, not their address.
    const visitorToken = 'a-visitor-token';
    const sharedThreadId = randomUUID();
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) reads.push((await visitor(t, 'thread', { token, sharedThreadId, visitorToken })).status);
    expect(reads).toEqual([404, 404, 404, 404, 429]);
  });

  it.runIf(scaled && redisUrl)('holds across two app instances (counted in Redis)', async () => {
    // Scaled out, the counters live in Redis: two instances that share it share the limits. Tokens
    // are fresh, so counts left in Redis by other runs never meet these.
    const [one, two] = await Promise.all([
      createTestApp({ ...limits, REDIS_URL: redisUrl as string }),
      createTestApp({ ...limits, REDIS_URL: redisUrl as string }),
    ]);
    try {
      const body = { token: `link-${randomUUID()}`, message: 'Hi', sharedThreadId: randomUUID(), visitorToken: `visitor-${randomUUID()}` };
      const statuses = [];
      for (const app of [one, two, one, two]) statuses.push((await visitor(app, 'message', body)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
