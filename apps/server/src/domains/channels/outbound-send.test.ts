import { HUMAN_AGENT_CLOSED_TEXT, TEMPLATE_NEEDED_TEXT } from '@aisle/contracts/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, sharedThreads } from '../../db/schema';
import { setBalanceUsd } from '../../testing/balances';
import { accountsOf, channelThreads, connectMetaAccount, eventually, postMetaWebhook, settle } from '../../testing/channels-test-kit';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { type FakeGraphApi, graphErrors, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import { messagingPayload, textEvent, whatsappMessagesPayload } from '../../testing/fake-meta/meta-webhooks';
import { type GqlData, gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { STAFF_REPLY_MARKER } from '../shared-threads';
import { HANDOFF_TEXT } from '../turns';

const PAGE = '104000000000002';
const WABA = '102290129340399';
const PHONE = '106540352242923';
const REPLY = 'mutation($id: ID!, $content: String!) { sendManualReply(sharedThreadId: $id, content: $content) { id isManualResponse } }';
const SET_PAUSED = 'mutation($i: UpdateSharedThreadInput!) { updateSharedThread(input: $i) { id autoReplyPaused } }';

/**
 * The outbound-send job against the fake Send API: retries on 429 and network errors (spec §8),
 * no retry on 400, a 401 that marks the account and tells the owner; the shop's manual replies on
 * the customer's own channel (the bot quiet until resumed, then aware of them); reply windows.
 */
describe('outbound sends, handoff and reply windows', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let llm: FakeLlm;
  let owner: TestViewer;

  beforeAll(async () => {
    graph = await startFakeGraphApi();
    graph.pages = [{ id: PAGE, name: 'Tea Shop' }];
    graph.whatsappAccounts = [{ id: WABA, numbers: [{ id: PHONE, displayPhoneNumber: '+1 555-000-1111', verifiedName: 'Tea Shop' }] }];
    llm = await startFakeOpenAi();
    t = await createTestApp({
      ...graph.env(),
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: llm.baseUrl,
      DEFAULT_MODEL: 'openai:gpt-4.1-mini',
    });
    const user = await createVerifiedUser(t, { email: 'tess@tea.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, owner.email, 10);
    const { assistantId } = await connectMetaAccount(t, graph, owner, 'messenger');
    await connectMetaAccount(t, graph, owner, 'whatsapp', assistantId);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.script({ text: ['We ship ', 'in 2 days.'], usage: { inputTokens: 20, outputTokens: 5 } });
  });

  const messenger = (from: string, text: string) =>
    postMetaWebhook(t, 'messenger', messagingPayload('page', [{ id: PAGE, events: [textEvent({ to: PAGE, from, text })] }]));
  const sendsTo = (to: string) =>
    graph.sends.filter((sent) => (sent.body.recipient as { id?: string } | undefined)?.id === to || sent.body.to === to);
  const deliveredTo = (to: string) => graph.delivered().filter((sent) => sent.to === to);
  const threadOf = async (origin: string, user: string) =>
    (await channelThreads(t, origin)).find((conversation) => conversation.thread.channelUserId === user);

  it('retries a 429 and sends one reply', async () => {
    graph.failNext(graphErrors.rateLimited);
    await messenger('psid-429', 'When do you ship?');
    await eventually(() => deliveredTo('psid-429').length === 1, 20_000, 'the retried reply');
    expect(sendsTo('psid-429').map((sent) => sent.status)).toEqual([429, 200]);
    await settle();
    expect(deliveredTo('psid-429')).toHaveLength(1);
    const conversation = await threadOf('messenger', 'psid-429');
    expect(conversation?.messages.at(-1)?.deliveryStatus).toBe('sent');
  });

  it('retries a dropped connection and a 503', async () => {
    graph.failNext({ status: 0, drop: true }, graphErrors.unavailable);
    await messenger('psid-net', 'Hello?');
    await eventually(() => deliveredTo('psid-net').length === 1, 30_000, 'the reply after two failures');
    expect(sendsTo('psid-net').map((sent) => sent.status)).toEqual([0, 503, 200]);
  });

  it('does not retry a 400 or a 403, and shows the error on /social', async () => {
    // The reply carries its quick reply: refused, it goes once more as its text alone, which is refused too.
    graph.failNext(graphErrors.badRequest, graphErrors.badRequest);
    await messenger('psid-400', 'Hi');
    const conversation = await eventually(async () => {
      const found = await threadOf('messenger', 'psid-400');
      return found?.messages.at(-1)?.deliveryStatus === 'failed' ? found : null;
    });
    expect(conversation.messages.at(-1)?.deliveryError).toContain('(#100)');
    await settle(3000);
    expect(sendsTo('psid-400').map((sent) => sent.status)).toEqual([400, 400]);
    expect(sendsTo('psid-400').map((sent) => Object.keys(sent.body.message as object))).toEqual([['text', 'quick_replies'], ['text']]);
    const [account] = await accountsOf(t, owner, 'messenger');
    expect(account?.lastSendError).toContain('The parameter recipient is required');
    expect(account?.tokenState).toBe('valid');

    graph.failNext(graphErrors.forbidden);
    await messenger('psid-403', 'Hi');
    await eventually(async () => (await threadOf('messenger', 'psid-403'))?.messages.at(-1)?.deliveryStatus === 'failed');
    await settle(3000);
    expect(sendsTo('psid-403').map((sent) => sent.status)).toEqual([403]);
  });

  it('answers the owner’s manual reply on the customer’s channel, and the bot stays quiet until resumed', async () => {
    llm.script({ text: ['Let me check that.'], usage: { inputTokens: 10, outputTokens: 4 } });
    await messenger('psid-hand', 'Where is my order 1001?');
    await eventually(() => deliveredTo('psid-hand').length === 1);
    const threadId = (await threadOf('messenger', 'psid-hand'))?.thread.id as string;

    // The owner pauses, then answers from the inbox's composer (GraphQL) and over REST (user_reply/).
    expect((await gql(t, owner, SET_PAUSED, { i: { id: threadId, autoReplyPaused: true } })).errors).toBeUndefined();
    const byInbox = await gql<GqlData>(t, owner, REPLY, { id: threadId, content: 'Hi, Sam here: it left our warehouse today.' });
    expect(byInbox.errors).toBeUndefined();
    const byRest = await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'Tracking: ZX123.' });
    expect(byRest).toMatchObject({ status: 201, body: { sharedThreadId: threadId, deliveryStatus: 'pending' } });
    await eventually(() => deliveredTo('psid-hand').length === 3);
    expect(deliveredTo('psid-hand').map((sent) => [sent.text, sent.messagingType])).toEqual([
      ['Let me check that.', 'RESPONSE'],
      ['Hi, Sam here: it left our warehouse today.', 'RESPONSE'],
      ['Tracking: ZX123.', 'RESPONSE'],
    ]);

    // Paused: the customer's next message is stored, and nothing answers it.
    const asked = llm.requests.length;
    await messenger('psid-hand', 'Thanks! And the other parcel?');
    await settle(2500);
    expect(llm.requests.length).toBe(asked);
    expect(deliveredTo('psid-hand')).toHaveLength(3);
    expect((await threadOf('messenger', 'psid-hand'))?.messages.at(-1)?.content).toBe('Thanks! And the other parcel?');

    // Resumed: the bot answers the next message, and the model sees the team's replies, marked.
    expect((await gql(t, owner, SET_PAUSED, { i: { id: threadId, autoReplyPaused: false } })).errors).toBeUndefined();
    await messenger('psid-hand', 'Are you there?');
    await eventually(() => deliveredTo('psid-hand').length === 4);
    const seen = JSON.stringify(llm.requests.at(-1)?.body.messages);
    expect(seen).toContain(`${STAFF_REPLY_MARKER} Hi, Sam here`);
    expect(seen).toContain(`${STAFF_REPLY_MARKER} Tracking: ZX123.`);
  });

  it('hands a customer who asks for a person to the shop, as on the web', async () => {
    const asked = llm.requests.length;
    await messenger('psid-human', 'Can I talk to a real person please?');
    const sent = await eventually(() => deliveredTo('psid-human')[0]);
    expect(sent.text).toBe(HANDOFF_TEXT);
    expect(llm.requests.length).toBe(asked);
    const conversation = await threadOf('messenger', 'psid-human');
    expect(conversation?.thread).toMatchObject({ needsHuman: true, needsHumanReason: 'asked' });
  });

  it('tags a manual reply HUMAN_AGENT after 24 hours, and refuses one after 7 days', async () => {
    await messenger('psid-late', 'Hello');
    await eventually(() => deliveredTo('psid-late').length === 1);
    const threadId = (await threadOf('messenger', 'psid-late'))?.thread.id as string;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await t.services.db
      .update(sharedThreads)
      .set({ lastVisitorMessageAt: daysAgo(2) })
      .where(eq(sharedThreads.id, threadId));
    expect((await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'Sorry for the wait!' })).status).toBe(
      201,
    );
    await eventually(() => deliveredTo('psid-late').length === 2);
    expect(deliveredTo('psid-late')[1]).toMatchObject({ messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });

    await t.services.db
      .update(sharedThreads)
      .set({ lastVisitorMessageAt: daysAgo(8) })
      .where(eq(sharedThreads.id, threadId));
    const refused = await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'Still there?' });
    expect(refused).toMatchObject({ status: 409, body: { detail: HUMAN_AGENT_CLOSED_TEXT } });
    const inbox = await gql(t, owner, REPLY, { id: threadId, content: 'Still there?' });
    expect(inbox.errors?.[0]?.message).toBe(HUMAN_AGENT_CLOSED_TEXT);
    expect((await threadOf('messenger', 'psid-late'))?.messages.filter((m) => m.isManualResponse)).toHaveLength(1);
  });

  it('says a WhatsApp template is needed after 24 hours, and sends nothing', async () => {
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from: '15550001234', text: 'Hi' }] }),
    );
    await eventually(() => deliveredTo('15550001234').length === 1);
    const threadId = (await threadOf('whatsapp', '15550001234'))?.thread.id as string;
    expect((await post(t, owner, '/api/whatsapp/user_reply/', { sharedThreadId: threadId, content: 'Within the window' })).status).toBe(
      201,
    );
    await eventually(() => deliveredTo('15550001234').length === 2);
    await t.services.db
      .update(sharedThreads)
      .set({ lastVisitorMessageAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(sharedThreads.id, threadId));
    const refused = await post(t, owner, '/api/whatsapp/user_reply/', { sharedThreadId: threadId, content: 'Are you still interested?' });
    expect(refused).toMatchObject({ status: 409, body: { detail: TEMPLATE_NEEDED_TEXT, code: 'reply_window_closed' } });
    await settle();
    expect(deliveredTo('15550001234')).toHaveLength(2);
    // The REST address must match the thread's channel.
    expect((await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'x' })).status).toBe(404);
  });

  it('marks the account and tells the owner once when the Send API refuses the token (401)', async () => {
    graph.failNext(graphErrors.expiredToken);
    await messenger('psid-401', 'Hello');
    const reconnectNotices = async () =>
      (await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, owner.email))).filter(
        (n) => n.title === 'Reconnect Messenger',
      );
    // The send job marks the account, then tells the owner: wait for both.
    await eventually(
      async () => (await accountsOf(t, owner, 'messenger'))[0]?.tokenState === 'revoked' && (await reconnectNotices()).length > 0,
      15_000,
      'the revoked state and its notice',
    );
    const [account] = await accountsOf(t, owner, 'messenger');
    expect(account).toMatchObject({ tokenState: 'revoked', status: 'connected' });
    expect(account?.tokenProblem).toContain('Session has expired');
    expect(sendsTo('psid-401').map((sent) => sent.status)).toEqual([401]);
    expect(await reconnectNotices()).toHaveLength(1);

    // Further replies are not attempted while the token is refused, and the owner is not told again.
    await messenger('psid-401', 'Hello again');
    await settle(2500);
    expect(sendsTo('psid-401')).toHaveLength(1);
    const threadId = (await threadOf('messenger', 'psid-401'))?.thread.id as string;
    expect((await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'Hi' })).status).toBe(409);
    expect(await reconnectNotices()).toHaveLength(1);
  });
});
