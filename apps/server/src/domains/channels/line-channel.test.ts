import { UNSUPPORTED_MESSAGE_REPLY } from '@aisle/contracts/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts, sharedThreads } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { accountsOf, channelThreads, connectLine, eventually, get, postLineWebhook, settle } from '../../testing/channels-test-kit';
import {
  type FakeLineApi,
  type FakeLineChannel,
  lineMessageEvent,
  lineUserId,
  startFakeLineApi,
} from '../../testing/fake-line/fake-line-api';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/**
 * LINE end to end with `@line/bot-sdk` against the fake LINE API: connecting a channel (its token
 * checked with bot info first), signed webhooks (`events[]`, `webhookEventId`,
 * `deliveryContext.isRedelivery`), the reply token while it is valid and a push with a retry key
 * after that, and the customer's profile picture.
 */
describe('LINE', () => {
  let t: TestApp;
  let line: FakeLineApi;
  let owner: TestViewer;
  let channel: FakeLineChannel;

  beforeAll(async () => {
    line = await startFakeLineApi();
    t = await createTestApp(line.env());
    const user = await createVerifiedUser(t, { email: 'lin@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    channel = line.addChannel('Mug Shop LINE');
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  const repliesTo = (userId: string, replyToken: string) =>
    line.delivered().filter((sent) => sent.target === userId || sent.target === replyToken);

  it('checks the credentials with LINE before saving, and seals them', async () => {
    const assistantId = await createAssistant(t, owner);
    const wrong = await post(t, owner, '/api/line/connect/', {
      channelId: channel.channelId,
      channelSecret: channel.channelSecret,
      accessToken: 'not-a-token',
      assistantId,
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'line_credentials' } });
    expect(await t.services.db.select().from(messagingAccounts)).toHaveLength(0);
    const badSecret = await post(t, owner, '/api/line/connect/', {
      channelId: channel.channelId,
      channelSecret: 'short',
      accessToken: channel.accessToken,
    });
    expect(badSecret.status).toBe(400);

    const { account } = await connectLine(t, line, owner, channel, assistantId);
    expect(account).toMatchObject({ channel: 'line', status: 'connected', name: 'Mug Shop LINE', externalAccountId: channel.botUserId });
    const [row] = await t.services.db.select().from(messagingAccounts);
    expect(row?.accessToken).toMatch(/^v1:/);
    expect(row?.channelSecret).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(channel.accessToken);
    expect(JSON.stringify(row)).not.toContain(channel.channelSecret);
    // The owner's /social card shows where to point the channel's webhook, and never the credentials.
    const summary = await get(t, owner, '/api/meta/social/');
    const card = summary.body.channels.find((entry: { channel: string }) => entry.channel === 'line');
    expect(card.webhookUrl).toBe('http://aisle.test/api/line/webhook/');
    expect(JSON.stringify(summary.body)).not.toContain(channel.accessToken);
  });

  it('replies with the reply token, once however often the event is redelivered', async () => {
    const userId = lineUserId();
    line.profiles.set(userId, { displayName: 'Kana', pictureUrl: 'https://profile.line-scdn.test/kana' });
    const replyToken = line.replyTokenFor(channel);
    const event = lineMessageEvent({ userId, text: 'Hello, is the shop open?', replyToken });
    expect((await postLineWebhook(t, channel, [event])).status).toBe(200);
    const redelivered = { ...event, deliveryContext: { isRedelivery: true } };
    expect((await postLineWebhook(t, channel, [redelivered])).body).toEqual({ detail: 'Already received.' });
    const sent = await eventually(() => repliesTo(userId, replyToken)[0]);
    expect(sent).toMatchObject({ kind: 'reply', target: replyToken });
    await settle();
    expect(repliesTo(userId, replyToken)).toHaveLength(1);
    const [conversation] = await channelThreads(t, 'line');
    expect(conversation?.thread.senderProfilePicUrl).toBe('https://profile.line-scdn.test/kana');
    expect(conversation?.messages.map((m) => m.senderType)).toEqual(['user', 'assistant']);
  });

  it('pushes with a retry key when the reply token no longer works', async () => {
    const userId = lineUserId();
    const stale = line.replyTokenFor(channel, { issuedAt: Date.now() - 120_000 });
    await postLineWebhook(t, channel, [lineMessageEvent({ userId, text: 'Hi', replyToken: stale })]);
    await eventually(() => line.delivered().find((sent) => sent.target === userId));
    const attempts = line.sends.filter((sent) => sent.target === userId || sent.target === stale);
    expect(attempts.map((sent) => [sent.kind, sent.status])).toEqual([
      ['reply', 400],
      ['push', 200],
    ]);
    expect(attempts[1]?.retryKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a failed push with the same retry key', async () => {
    const userId = lineUserId();
    line.failNext({ status: 400, message: 'Invalid reply token' }, { status: 500 });
    await postLineWebhook(t, channel, [lineMessageEvent({ userId, text: 'Hi', replyToken: 'expired-token' })]);
    await eventually(() => line.delivered().find((sent) => sent.target === userId), 20_000);
    const pushes = line.sends.filter((sent) => sent.target === userId);
    expect(pushes.map((sent) => sent.status)).toEqual([500, 200]);
    expect(new Set(pushes.map((sent) => sent.retryKey)).size).toBe(1);
  });

  it('counts a 409 to a retried push (LINE had accepted it) as sent, so the customer gets it once', async () => {
    const userId = lineUserId();
    line.failNext({ status: 400, message: 'Invalid reply token' }, { status: 503, accepted: true });
    await postLineWebhook(t, channel, [lineMessageEvent({ userId, text: 'Hi', replyToken: 'expired-token-2' })]);
    const conversation = await eventually(
      async () =>
        (await channelThreads(t, 'line')).find((c) => c.thread.channelUserId === userId && c.messages.at(-1)?.deliveryStatus === 'sent'),
      20_000,
    );
    expect(line.sends.filter((sent) => sent.target === userId).map((sent) => sent.status)).toEqual([503, 409]);
    expect(conversation.messages.at(-1)?.deliveryError).toBeNull();
  });

  it('answers a sticker with what it can read, and ignores group chats and follows', async () => {
    const userId = lineUserId();
    const group = { ...lineMessageEvent({ userId, text: 'in a group' }), source: { type: 'group', groupId: 'C1', userId } };
    const follow = {
      type: 'follow',
      webhookEventId: '01FOLLOW',
      deliveryContext: { isRedelivery: false },
      timestamp: Date.now(),
      source: { type: 'user', userId },
      replyToken: 'x',
      mode: 'active',
    };
    expect((await postLineWebhook(t, channel, [group, follow, lineMessageEvent({ userId, type: 'sticker' })])).status).toBe(200);
    const sent = await eventually(() =>
      line.delivered().find((entry) => entry.target === userId || entry.text === UNSUPPORTED_MESSAGE_REPLY),
    );
    expect(sent.text).toBe(UNSUPPORTED_MESSAGE_REPLY);
    const conversations = (await channelThreads(t, 'line')).filter((c) => c.thread.channelUserId === userId);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.messages.map((m) => m.content)).toEqual(['[Sticker]', UNSUPPORTED_MESSAGE_REPLY]);
  });

  it('refuses a forged signature, and answers LINE’s verify request (no events)', async () => {
    const userId = lineUserId();
    const forged = await postLineWebhook(t, channel, [lineMessageEvent({ userId, text: 'Hi' })], 'f'.repeat(32));
    expect(forged.status).toBe(401);
    const unknown = await postLineWebhook(t, { botUserId: lineUserId(), channelSecret: channel.channelSecret }, []);
    expect(unknown.status).toBe(401);
    expect((await postLineWebhook(t, channel, [])).status).toBe(200);
    expect((await channelThreads(t, 'line')).some((c) => c.thread.channelUserId === userId)).toBe(false);
    expect((await get(t, null, '/api/line/webhook/')).status).toBe(200);
  });

  it('sends the owner’s manual reply by push, and disconnecting keeps the conversations', async () => {
    const [conversation] = await channelThreads(t, 'line');
    const threadId = conversation?.thread.id as string;
    const userId = conversation?.thread.channelUserId as string;
    const reply = await post(t, owner, '/api/line/user_reply/', { sharedThreadId: threadId, content: 'Hi Kana, we open at 10.' });
    expect(reply.status).toBe(201);
    const pushed = await eventually(() => line.delivered().find((sent) => sent.kind === 'push' && sent.target === userId));
    expect(pushed.text).toBe('Hi Kana, we open at 10.');
    const [paused] = await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.id, threadId));
    expect(paused?.autoReplyPaused).toBe(true);

    const [account] = await accountsOf(t, owner, 'line');
    const gone = await post(t, owner, '/api/line/disconnect/', { accountId: account?.id });
    expect(gone).toMatchObject({ status: 200, body: { status: 'disconnected', tokenState: null } });
    const [row] = await t.services.db.select().from(messagingAccounts);
    expect(row).toMatchObject({ accessToken: null, channelSecret: null });
    expect((await channelThreads(t, 'line')).length).toBeGreaterThan(0);
    // Its webhooks no longer verify: the secret is gone.
    expect((await postLineWebhook(t, channel, [lineMessageEvent({ userId, text: 'Hi' })])).status).toBe(401);
    expect((await post(t, owner, '/api/line/user_reply/', { sharedThreadId: threadId, content: 'Hello?' })).status).toBe(409);
  });
});
