import { UNSUPPORTED_MESSAGE_REPLY } from '@aisle/contracts/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { channelThreads, connectMetaAccount, eventually, get, postMetaWebhook, settle } from '../../testing/channels-test-kit';
import { type FakeGraphApi, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import {
  attachmentEvent,
  deliveryEvent,
  echoEvent,
  messagingPayload,
  newMid,
  reactionEvent,
  readEvent,
  textEvent,
  whatsappMediaPayload,
  whatsappMessagesPayload,
  whatsappStatusPayload,
} from '../../testing/fake-meta/meta-webhooks';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';

/**
 * Meta's three channels end to end on the real app: a connected account, signed webhooks in the
 * payload shapes Meta sends (Messenger `object: page`, Instagram `object: instagram` with echoes,
 * WhatsApp `changes[].value.messages` and, separately, `statuses`), the assistant's answer through
 * the turns engine, and the reply arriving at the fake Graph API's Send API.
 */
describe('Meta webhooks: Messenger, Instagram and WhatsApp', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let owner: TestUser;

  beforeAll(async () => {
    fake = await startFakeGraphApi();
    fake.pages = [{ id: '104000000000001', name: 'Mug Shop', instagram: { id: '17841400000000001', username: 'mugshop' } }];
    fake.whatsappAccounts = [
      { id: '102290129340398', numbers: [{ id: '106540352242922', displayPhoneNumber: '+1 555-078-3881', verifiedName: 'Mug Shop' }] },
    ];
    t = await createTestApp(fake.env());
    owner = await createVerifiedUser(t, { email: 'ann@mugs.test' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers a Messenger customer through the Send API, once however often the webhook comes', async () => {
    const { account } = await connectMetaAccount(t, fake, { ...owner, isStaff: false }, 'messenger');
    expect(account).toMatchObject({ status: 'connected', tokenState: 'valid', name: 'Mug Shop' });
    expect(fake.subscriptions.get('104000000000001')).toContain('messages');

    const mid = newMid();
    const payload = messagingPayload('page', [
      { id: '104000000000001', events: [textEvent({ to: '104000000000001', from: 'psid-1', text: 'Hello there', mid })] },
    ]);
    expect((await postMetaWebhook(t, 'messenger', payload)).status).toBe(200);
    expect(await postMetaWebhook(t, 'messenger', payload)).toMatchObject({ status: 200, body: { detail: 'Already received.' } });

    const reply = await eventually(() => fake.delivered().find((sent) => sent.to === 'psid-1'), 15_000, 'the reply');
    expect(reply).toMatchObject({ from: '104000000000001', messagingType: 'RESPONSE', tag: null });
    await settle();
    expect(fake.delivered().filter((sent) => sent.to === 'psid-1')).toHaveLength(1);

    const [conversation] = await channelThreads(t, 'messenger');
    expect(conversation?.thread).toMatchObject({ origin: 'messenger', channelUserId: 'psid-1', ownerEmail: owner.email });
    expect(conversation?.thread.anonymousEmail).toMatch(/^customer-[0-9a-f]{8}@messenger\.anonymous\.aisle$/);
    expect(conversation?.messages.map((m) => [m.senderType, m.deliveryStatus])).toEqual([
      ['user', null],
      ['assistant', 'sent'],
    ]);
    expect(conversation?.messages[0]?.channelMessageId).toBe(mid);
    expect(conversation?.messages[1]?.content).toBe(reply.text);
  });

  it('refuses a forged or missing signature with 401 and stores nothing', async () => {
    const payload = messagingPayload('page', [
      { id: '104000000000001', events: [textEvent({ to: '104000000000001', from: 'psid-forger', text: 'Hi' })] },
    ]);
    const before = (await t.services.db.select().from(webhookDeliveries)).length;
    expect((await postMetaWebhook(t, 'messenger', payload, 'not-the-app-secret')).status).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/messenger/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.services.db.select().from(webhookDeliveries)).length).toBe(before);
    expect((await channelThreads(t, 'messenger')).some((c) => c.thread.channelUserId === 'psid-forger')).toBe(false);
  });

  it('answers the Meta handshake with the challenge, and 403 with a wrong verify token', async () => {
    const ok = await get(
      t,
      null,
      `/api/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${fake.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok).toMatchObject({ status: 200, body: '1158201444' });
    expect((await get(t, null, '/api/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).status).toBe(403);
  });

  it('answers Instagram, never its own echoes, reads, deliveries or reactions', async () => {
    await connectMetaAccount(t, fake, { ...owner, isStaff: false }, 'instagram');
    expect(fake.subscriptions.get('104000000000001')).toContain('messages');
    const ig = '17841400000000001';
    const first = newMid();
    const payload = messagingPayload('instagram', [
      {
        id: ig,
        events: [
          echoEvent({ account: ig, to: 'igsid-1', text: 'An earlier reply of ours' }),
          readEvent({ to: ig, from: 'igsid-1' }),
          reactionEvent({ to: ig, from: 'igsid-1', mid: first }),
          textEvent({ to: ig, from: 'igsid-1', text: 'Do you ship abroad?', mid: first }),
        ],
      },
    ]);
    expect((await postMetaWebhook(t, 'instagram', payload)).status).toBe(200);
    const reply = await eventually(() => fake.delivered().find((sent) => sent.to === 'igsid-1'));
    // Instagram messages leave through the linked page.
    expect(reply.from).toBe('104000000000001');
    await settle();
    const [conversation] = await channelThreads(t, 'instagram');
    expect(conversation?.messages.map((m) => m.senderType)).toEqual(['user', 'assistant']);
    expect(conversation?.messages[0]?.content).toBe('Do you ship abroad?');

    // Only receipts and echoes: 200, nothing stored, nothing sent.
    const sent = fake.sends.length;
    const quiet = messagingPayload('instagram', [
      { id: ig, events: [echoEvent({ account: ig, to: 'igsid-1', text: 'x' }), readEvent({ to: ig, from: 'igsid-1' })] },
    ]);
    expect(await postMetaWebhook(t, 'instagram', quiet)).toMatchObject({ status: 200, body: { detail: 'Received.' } });
    const messengerQuiet = messagingPayload('page', [
      { id: '104000000000001', events: [deliveryEvent({ to: '104000000000001', from: 'psid-1' })] },
    ]);
    expect((await postMetaWebhook(t, 'messenger', messengerQuiet)).status).toBe(200);
    await settle();
    expect(fake.sends.length).toBe(sent);
    expect((await channelThreads(t, 'instagram'))[0]?.messages).toHaveLength(2);
  });

  it('refuses a delivery posted to another channel’s address', async () => {
    const payload = messagingPayload('instagram', [
      { id: '17841400000000001', events: [textEvent({ to: '17841400000000001', from: 'igsid-9', text: 'Hi' })] },
    ]);
    expect((await postMetaWebhook(t, 'messenger', payload)).status).toBe(400);
  });

  it('answers WhatsApp messages, batched, one reply each, and ignores statuses', async () => {
    const { account } = await connectMetaAccount(t, fake, { ...owner, isStaff: false }, 'whatsapp');
    expect(account).toMatchObject({ name: 'Mug Shop (+1 555-078-3881)', tokenState: 'valid' });
    expect(account.tokenExpiresAt).not.toBeNull();
    expect(fake.subscriptions.has('102290129340398')).toBe(true);

    const payload = whatsappMessagesPayload({
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      messages: [
        { from: '16505551234', text: 'Is the blue mug in stock?', name: 'Kim' },
        { from: '16505559876', text: 'Hi!', name: 'Lee' },
      ],
    });
    expect((await postMetaWebhook(t, 'whatsapp', payload)).status).toBe(200);
    expect((await postMetaWebhook(t, 'whatsapp', payload)).body).toEqual({ detail: 'Already received.' });
    await eventually(() => fake.delivered().filter((sent) => sent.from === '106540352242922').length === 2);
    const statuses = whatsappStatusPayload({
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      recipient: '16505551234',
      status: 'delivered',
    });
    expect((await postMetaWebhook(t, 'whatsapp', statuses)).status).toBe(200);
    await settle();
    const delivered = fake.delivered().filter((sent) => sent.from === '106540352242922');
    expect(delivered.map((sent) => sent.to).sort()).toEqual(['16505551234', '16505559876']);
    const conversations = await channelThreads(t, 'whatsapp');
    expect(conversations).toHaveLength(2);
    // No phone number in the inbox's anonymous identity.
    for (const { thread } of conversations) expect(thread.anonymousEmail).not.toContain('1650555');
  });

  it('tells a customer who sends an image, a sticker or a voice note what the bot can read', async () => {
    const page = messagingPayload('page', [
      {
        id: '104000000000001',
        events: [attachmentEvent({ to: '104000000000001', from: 'psid-photo', type: 'image', stickerId: 369239263222822 })],
      },
    ]);
    expect((await postMetaWebhook(t, 'messenger', page)).status).toBe(200);
    const voice = whatsappMediaPayload({ wabaId: '102290129340398', phoneNumberId: '106540352242922', from: '16505550000', type: 'audio' });
    expect((await postMetaWebhook(t, 'whatsapp', voice)).status).toBe(200);
    const sticker = await eventually(() => fake.delivered().find((sent) => sent.to === 'psid-photo'));
    const audio = await eventually(() => fake.delivered().find((sent) => sent.to === '16505550000'));
    expect(sticker.text).toBe(UNSUPPORTED_MESSAGE_REPLY);
    expect(audio.text).toBe(UNSUPPORTED_MESSAGE_REPLY);
    const stored = (await channelThreads(t, 'messenger')).find((c) => c.thread.channelUserId === 'psid-photo');
    expect(stored?.messages.map((m) => m.content)).toEqual(['[Sticker]', UNSUPPORTED_MESSAGE_REPLY]);
  });
});
