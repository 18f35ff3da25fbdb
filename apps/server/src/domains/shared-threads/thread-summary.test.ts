import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedThreads, tasks } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { balanceUsd, setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { shareAssistant, THREAD_FIELDS, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { costOf } from '../billing';
import { SUMMARY_MAX_LENGTH } from './extractive-summary';

const SUMMARIZE = `mutation($id: ID!) { summarizeSharedThread(id: $id) { ${THREAD_FIELDS} } }`;

describe('thread summaries', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let owner: TestViewer;
  let storeId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // Quiet for 0.6 s counts as "gone quiet" here (the default is 10 minutes).
    t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'local:extractive',
      THREAD_SUMMARY_QUIET_MINUTES: '0.01',
    });
    const user = await createVerifiedUser(t, { email: 'summary@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    storeId = await createStore(t, owner, 'Help');
    const { fileIds } = await uploadFiles(t, owner, storeId, [
      {
        fileName: 'faq.md',
        contentType: 'text/markdown',
        bytes: '# Returns\n\nYou can return any unworn item within 30 days of delivery for a full refund.\n',
      },
    ]);
    await waitForFiles(t, fileIds);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script();
    fake.requests.length = 0;
  });

  async function conversation(model: string) {
    const assistantId = await createAssistant(t, owner, { model });
    await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
    const token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    const first = await visitor(t, 'message', { token, message: 'How many days do I have to return an item?' });
    return { assistantId, token, sharedThreadId: first.body.sharedThreadId as string, visitorToken: first.body.visitorToken as string };
  }
  const thread = async (id: string) => (await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.id, id)))[0];
  const summaryTasks = (assistantId: string) =>
    t.services.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.type, 'thread_summary'), eq(tasks.assistantId, assistantId)));
  async function waitForSummary(id: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await thread(id);
      if (row?.threadSummary) return row;
      if (Date.now() > deadline) throw new Error('no summary was written');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('writes a summary on demand with the local model, free, recorded as a task', async () => {
    const { assistantId, sharedThreadId } = await conversation('local:extractive');
    await gql(t, owner, 'mutation($id: ID!, $c: String!) { sendManualReply(sharedThreadId: $id, content: $c) { id } }', {
      id: sharedThreadId,
      c: 'We can make an exception: I have emailed you a return label.',
    });
    const res = await gql(t, owner, SUMMARIZE, { id: sharedThreadId });
    expect(res.errors).toBeUndefined();
    const summary = res.data?.summarizeSharedThread.threadSummary as string;
    expect(summary).toBe(
      'Visitor asked: How many days do I have to return an item? Assistant answered: You can return any unworn item within 30 days of delivery ' +
        'for a full refund. Staff replied: We can make an exception: I have emailed you a return label.',
    );
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    expect(fake.requests).toEqual([]);
    const recorded = await summaryTasks(assistantId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ provider: 'local', model: 'extractive', result: { sharedThreadId, summary } });
    expect(recorded[0]?.llmUsage).toMatchObject({ costUsd: 0 });
  });

  it('keeps what the visitor wrote about their order, not only their question', async () => {
    const assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    const token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    const first = await visitor(t, 'message', { token, message: 'My order #1043 arrived with a torn tent. Can a human help me?' });
    const res = await gql(t, owner, SUMMARIZE, { id: first.body.sharedThreadId });
    expect(res.errors).toBeUndefined();
    expect(res.data?.summarizeSharedThread.threadSummary).toMatch(
      /^Visitor asked: My order #1043 arrived with a torn tent\. Can a human help me\? Assistant answered: /,
    );
  });

  it('writes it by itself once the thread has gone quiet, once, and again after new activity', async () => {
    const { assistantId, token, sharedThreadId, visitorToken } = await conversation('local:extractive');
    const first = await waitForSummary(sharedThreadId);
    expect(first.threadSummary).toContain('Visitor asked: How many days do I have to return an item?');
    expect(first.summarizedAt?.getTime()).toBeGreaterThanOrEqual(first.lastActivityAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await summaryTasks(assistantId)).toHaveLength(1);

    // Two messages in the quiet time: one more summary, written after the second.
    await visitor(t, 'message', { token, message: 'Do you ship to Canada?', sharedThreadId, visitorToken });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await visitor(t, 'message', { token, message: 'And to Mexico?', sharedThreadId, visitorToken });
    const deadline = Date.now() + 15_000;
    let row = await thread(sharedThreadId);
    while (!row?.threadSummary?.includes('Mexico') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await thread(sharedThreadId);
    }
    expect(row?.threadSummary).toContain('Then asked: And to Mexico?');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await summaryTasks(assistantId)).toHaveLength(2);
  });

  it('uses the assistant’s own model when it is a network one, and charges the owner', async () => {
    await setBalanceUsd(t.services.db, owner.email, 5);
    fake.script({ text: ['Thanks.'], usage: { inputTokens: 10, outputTokens: 1 } });
    const { assistantId, sharedThreadId } = await conversation('openai:gpt-4.1-mini');
    fake.requests.length = 0;
    fake.script({
      text: ['The visitor asked about returning worn shoes; ', 'the assistant thanked them.'],
      usage: { inputTokens: 200, outputTokens: 20 },
    });
    const res = await gql(t, owner, SUMMARIZE, { id: sharedThreadId });
    expect(res.data?.summarizeSharedThread.threadSummary).toBe('The visitor asked about returning worn shoes; the assistant thanked them.');
    const sent = fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]?.content).toContain('summarise');
    expect(sent.messages[1]?.content).toContain('Visitor: How many days do I have to return an item?');
    const [recorded] = await summaryTasks(assistantId);
    const cost = costOf('openai', 'gpt-4.1-mini', { inputTokens: 200, outputTokens: 20, cachedInputTokens: 0 });
    expect(recorded?.llmUsage).toMatchObject({ provider: 'openai', costUsd: cost });
    const balance = await balanceUsd(t.services.db, owner.email);
    expect(balance).toBeLessThan(5);

    // A failing provider: the owner is told, nothing is written.
    fake.failure = 'server-error';
    const failed = await gql(t, owner, SUMMARIZE, { id: sharedThreadId });
    expect(failed.errors?.[0]?.message).toBe('The summary could not be written. Try again.');
  });
});
