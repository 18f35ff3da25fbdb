import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts, notifications } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import {
  accountsOf,
  channelThreads,
  connectMetaAccount,
  eventually,
  get,
  metaLogin,
  postMetaWebhook,
  socialSummary,
} from '../../testing/channels-test-kit';
import { type FakeGraphApi, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import { messagingPayload, signedRequest, textEvent } from '../../testing/fake-meta/meta-webhooks';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const form = (signed: string) => `signed_request=${encodeURIComponent(signed)}`;

/**
 * Facebook Login for the three Meta channels against the fake Graph API (dialog, code and
 * long-lived token exchanges, pages, Instagram accounts, WhatsApp numbers, subscribed_apps), the
 * choice of account and assistant, disconnecting, and Instagram's privacy callbacks.
 */
describe('connecting Meta accounts', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let owner: TestViewer;
  let staff: TestViewer;

  beforeAll(async () => {
    fake = await startFakeGraphApi();
    fake.pages = [
      { id: '200000000000001', name: 'Mugs', instagram: { id: '17841400000000201', username: 'mugs' } },
      { id: '200000000000002', name: 'Teapots' },
    ];
    t = await createTestApp(fake.env());
    const user = await createVerifiedUser(t, { email: 'meg@mugs.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    const admin = await createVerifiedUser(t, { email: 'ops@aisle.test', staff: true });
    staff = { email: admin.email, access: admin.access, isStaff: true };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('redirects to Facebook Login with a signed state, or answers the URL as JSON', async () => {
    const redirect = await get(t, owner, '/api/messenger/login/');
    expect(redirect.status).toBe(302);
    const dialog = new URL(String(redirect.headers.location));
    expect(dialog.origin + dialog.pathname).toBe(`${fake.url}/v25.0/dialog/oauth`);
    expect(dialog.searchParams.get('client_id')).toBe(fake.appId);
    expect(dialog.searchParams.get('redirect_uri')).toBe('http://aisle.test/api/messenger/callback/');
    expect(dialog.searchParams.get('scope')).toContain('pages_messaging');
    expect(dialog.searchParams.get('state')?.split('.')).toHaveLength(3);
    expect((await get(t, owner, '/api/messenger/login/', { accept: 'application/json' })).body.url).toContain('/dialog/oauth');
    expect((await get(t, null, '/api/messenger/login/')).status).toBe(401);
  });

  it('keeps the listed pages to choose from, then connects the chosen one with its assistant', async () => {
    const landed = await metaLogin(t, fake, owner, 'messenger');
    expect(landed.pathname).toBe('/social');
    expect(landed.searchParams.get('found')).toBe('2');
    const accounts = await accountsOf(t, owner, 'messenger');
    expect(accounts.map((a) => [a.name, a.status])).toEqual([
      ['Mugs', 'available'],
      ['Teapots', 'available'],
    ]);
    expect(fake.subscriptions.size).toBe(0);

    const assistantId = await createAssistant(t, owner, { assistantName: 'Teapot helper' });
    const teapots = accounts.find((a) => a.name === 'Teapots');
    const chosen = await post(t, owner, '/api/messenger/account/', { accountId: teapots?.id, assistantId });
    expect(chosen).toMatchObject({ status: 200, body: { status: 'connected', assistantName: 'Teapot helper', tokenState: 'valid' } });
    expect(fake.subscriptions.get('200000000000002')).toBe('messages,messaging_postbacks');
    // Tokens are sealed, never shown.
    const summary = await socialSummary(t, owner);
    expect(JSON.stringify(summary)).not.toContain('EAA');
    const [row] = await t.services.db.select().from(messagingAccounts).where(eq(messagingAccounts.externalAccountId, '200000000000002'));
    expect(row?.accessToken).toMatch(/^v1:/);
    expect(row?.metaUserId).toBe(fake.user.id);

    // Another assistant later: the same share (threads stay), now answered by the new one.
    const other = await createAssistant(t, owner, { assistantName: 'Mug helper' });
    const moved = await post(t, owner, '/api/messenger/account/', { accountId: teapots?.id, assistantId: other });
    expect(moved.body).toMatchObject({ assistantName: 'Mug helper', status: 'connected' });
    const [after] = await t.services.db.select().from(messagingAccounts).where(eq(messagingAccounts.externalAccountId, '200000000000002'));
    expect(after?.sharedAssistantId).toBe(row?.sharedAssistantId);
  });

  it('connects at once when the owner picked the assistant first and one account comes back', async () => {
    const assistantId = await createAssistant(t, owner, { assistantName: 'Insta helper' });
    const landed = await metaLogin(t, fake, owner, 'instagram', assistantId);
    expect(landed.searchParams.get('error')).toBeNull();
    expect(landed.searchParams.get('connected')).toMatch(/^[0-9a-f-]{36}$/);
    const [account] = await accountsOf(t, owner, 'instagram');
    expect(account).toMatchObject({ name: '@mugs', status: 'connected', assistantName: 'Insta helper' });
  });

  it('sends the browser back with the reason when the state is forged, the login cancelled or nothing is shared', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/messenger/callback/?code=x&state=eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    expect(forged.statusCode).toBe(302);
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toContain('expired');
    const login = await get(t, owner, '/api/whatsapp/login/', { accept: 'application/json' });
    const state = new URL(login.body.url).searchParams.get('state');
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/whatsapp/callback/?error=access_denied&state=${state}` });
    expect(new URL(String(cancelled.headers.location)).searchParams.get('error')).toBe('Facebook Login was cancelled.');
    // A state made for one channel does not complete another's login.
    const crossed = await t.app.inject({ method: 'GET', url: `/api/messenger/callback/?code=x&state=${state}` });
    expect(new URL(String(crossed.headers.location)).searchParams.get('error')).toContain('expired');
    const none = await metaLogin(t, fake, owner, 'whatsapp');
    expect(none.searchParams.get('error')).toContain('No WhatsApp business number');
  });

  it('refuses an account another owner answers with', async () => {
    const user = await createVerifiedUser(t, { email: 'rival@mugs.test' });
    const rival = { email: user.email, access: user.access, isStaff: false };
    await metaLogin(t, fake, rival, 'messenger');
    const teapots = (await accountsOf(t, rival, 'messenger')).find((a) => a.name === 'Teapots');
    const assistantId = await createAssistant(t, rival);
    const taken = await post(t, rival, '/api/messenger/account/', { accountId: teapots?.id, assistantId });
    expect(taken).toMatchObject({ status: 409, body: { code: 'taken' } });
  });

  it('shows the webhook URLs and verify token to staff only', async () => {
    const mine = await socialSummary(t, owner);
    const messenger = mine.channels.find((c) => c.channel === 'messenger');
    expect(messenger).toMatchObject({ configured: true, webhookUrl: null, verifyToken: null });
    const ops = (await socialSummary(t, staff)).channels.find((c) => c.channel === 'messenger');
    expect(ops).toMatchObject({ webhookUrl: 'http://aisle.test/api/messenger/webhook/', verifyToken: fake.verifyToken });
  });

  it('disconnects: the token is deleted, webhooks turned off, the conversations kept', async () => {
    const teapots = (await accountsOf(t, owner, 'messenger')).find((a) => a.name === 'Teapots');
    const payload = messagingPayload('page', [
      { id: '200000000000002', events: [textEvent({ to: '200000000000002', from: 'psid-d', text: 'Hi' })] },
    ]);
    await postMetaWebhook(t, 'messenger', payload);
    await eventually(() => fake.delivered().find((sent) => sent.to === 'psid-d'));
    const gone = await post(t, owner, '/api/messenger/disconnect/', { accountId: teapots?.id });
    expect(gone).toMatchObject({ status: 200, body: { status: 'disconnected', tokenState: null } });
    expect(fake.subscriptions.has('200000000000002')).toBe(false);
    // Still subscribed: the Instagram account on the Mugs page needs it.
    expect(fake.subscriptions.has('200000000000001')).toBe(true);
    expect((await channelThreads(t, 'messenger')).some((c) => c.thread.channelUserId === 'psid-d')).toBe(true);
    // A message that still arrives is not stored (no account answers it).
    await postMetaWebhook(
      t,
      'messenger',
      messagingPayload('page', [{ id: '200000000000002', events: [textEvent({ to: '200000000000002', from: 'psid-d', text: 'Again' })] }]),
    );
    const messages = (await channelThreads(t, 'messenger')).find((c) => c.thread.channelUserId === 'psid-d')?.messages;
    expect(messages?.filter((m) => m.senderType === 'user')).toHaveLength(1);
  });

  it('Instagram data deletion: checks the signed request, deletes that person’s conversations, answers a status URL', async () => {
    const ig = '17841400000000201';
    await postMetaWebhook(
      t,
      'instagram',
      messagingPayload('instagram', [{ id: ig, events: [textEvent({ to: ig, from: 'igsid-gone', text: 'Hi' })] }]),
    );
    await eventually(async () => (await channelThreads(t, 'instagram')).some((c) => c.thread.channelUserId === 'igsid-gone'));

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/instagram/data_deletion/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(signedRequest('igsid-gone', 'wrong-secret')),
    });
    expect(forged.statusCode).toBe(400);
    expect((await channelThreads(t, 'instagram')).some((c) => c.thread.channelUserId === 'igsid-gone')).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/instagram/data_deletion/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(signedRequest('igsid-gone')),
    });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body) as { url: string; confirmation_code: string };
    expect(body.url).toBe(`http://aisle.test/api/instagram/data_deletion/?code=${body.confirmation_code}`);
    expect((await channelThreads(t, 'instagram')).some((c) => c.thread.channelUserId === 'igsid-gone')).toBe(false);
    const status = await get(t, null, `/api/instagram/data_deletion/?code=${body.confirmation_code}`);
    expect(status).toMatchObject({ status: 200, body: { status: 'completed', conversations_deleted: 1 } });
    expect((await get(t, null, '/api/instagram/data_deletion/?code=nope')).status).toBe(404);
  });

  it('Instagram deauthorize: the accounts that person connected need reconnecting, and their owner is told', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/instagram/deauthorize/', payload: { signed_request: 'a.b' } });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/instagram/deauthorize/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(signedRequest(fake.user.id)),
    });
    expect(res.statusCode).toBe(200);
    const [instagram] = await accountsOf(t, owner, 'instagram');
    expect(instagram?.tokenState).toBe('revoked');
    const bell = await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, owner.email));
    expect(bell.map((n) => n.title)).toContain('Reconnect Instagram');
  });

  it('connects a WhatsApp number through the WhatsApp Business Account the login shares', async () => {
    fake.whatsappAccounts = [
      { id: '300000000000001', numbers: [{ id: '300000000000011', displayPhoneNumber: '+44 20 7946 0000', verifiedName: 'Mugs UK' }] },
    ];
    const { account } = await connectMetaAccount(t, fake, owner, 'whatsapp');
    expect(account).toMatchObject({ name: 'Mugs UK (+44 20 7946 0000)', status: 'connected' });
    expect(fake.subscriptions.has('300000000000001')).toBe(true);
  });
});
