import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedThreads } from '../../db/schema';
import { BUSY_TEXT } from '../../lib/turn-gate';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { slowReply, until } from '../../testing/slow-turns';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

describe('admission control of visitor turns', () => {
  let fake: FakeLlm;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.chunkDelayMs = 150;
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await fake.close();
  });

  /** An app that starts one turn at a time, with two share links of one shop. */
  async function shop(maxWaitMs: number) {
    const t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      TURN_CONCURRENCY: '1',
      TURN_MAX_WAIT_MS: String(maxWaitMs),
      // These tests are about the wait; the event-loop guard is left out of them, since on a
      // loaded test machine the loop's own delay can pass its default and refuse a turn that fits.
      TURN_MAX_LOOP_DELAY_MS: '60000',
    });
    apps.push(t);
    const user = await createVerifiedUser(t, { email: `busy-${maxWaitMs}@shop.test` });
    const owner: TestViewer = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, owner.email, 10);
    const shares = [];
    for (let n = 0; n < 2; n++) {
      const assistantId = await createAssistant(t, owner, { model: 'openai:gpt-4.1-mini' });
      shares.push(await shareAssistant(t, owner, assistantId));
    }
    return { t, shares: shares.map((share) => ({ id: share.id as string, token: share.shareToken.token as string })) };
  }

  it('refuses a turn it cannot start soon with a quick 503 busy and Retry-After, storing nothing, and takes it once free', async () => {
    const { t, shares } = await shop(0);
    const [first, second] = shares as [{ id: string; token: string }, { id: string; token: string }];
    fake.script(slowReply);
    fake.requests.length = 0;
    const answering = visitor(t, 'message', { token: first.token, message: 'Is the rain jacket waterproof?' });
    await until(() => fake.requests.length === 1, 'the first turn to reach the model');

    const refused = await visitor(t, 'message', { token: second.token, message: 'Do you ship to Norway?' });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ detail: BUSY_TEXT, code: 'busy' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const threads = await t.services.db.select({ n: count() }).from(sharedThreads).where(eq(sharedThreads.sharedAssistantId, second.id));
    expect(threads[0]?.n).toBe(0);

    expect((await answering).status).toBe(200);
    const retried = await visitor(t, 'message', { token: second.token, message: 'Do you ship to Norway?' });
    expect(retried.status).toBe(200);
    expect(retried.body.reply.content).toBe('One moment please.');
  });

  it('lets a turn wait its place when the wait is short, and starts it as soon as the one before is done', async () => {
    const { t, shares } = await shop(60_000);
    const [first, second] = shares as [{ id: string; token: string }, { id: string; token: string }];
    fake.script(slowReply);
    fake.requests.length = 0;
    const answers = await Promise.all([
      visitor(t, 'message', { token: first.token, message: 'First question' }),
      visitor(t, 'message', { token: second.token, message: 'Second question' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // One at a time: the second reached the model only after the first answer was complete.
    const [one, two] = fake.requests.map((request) => request.receivedAt) as [number, number];
    expect(two - one).toBeGreaterThanOrEqual(3 * 150);
  });
});
