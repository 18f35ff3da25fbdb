import { limitReachedMessage } from '@aisle/contracts/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts, sharedAssistants } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { accountsOf, connectLine, metaLogin } from '../../testing/channels-test-kit';
import { type FakeLineApi, type FakeLineChannel, startFakeLineApi } from '../../testing/fake-line/fake-line-api';
import { type FakeGraphApi, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/** The seeded tiers: Basic connects 1 channel (billing/limits.ts counts the connected accounts). */
describe('the channels limit', () => {
  let t: TestApp;
  let line: FakeLineApi;
  let meta: FakeGraphApi;
  let owner: TestViewer;
  let first: FakeLineChannel;
  let assistantId: string;

  const refusal = {
    status: 403,
    body: {
      detail: limitReachedMessage({ limit: 'channels', max: 1, tierName: 'Basic', topTier: false }),
      code: 'limit_reached',
      limit: 'channels',
    },
  };
  const accountRows = () => t.services.db.select().from(messagingAccounts).where(eq(messagingAccounts.ownerEmail, owner.email));
  const shareCount = async () =>
    (await t.services.db.select().from(sharedAssistants).where(eq(sharedAssistants.ownerEmail, owner.email))).length;
  const connectBody = (channel: FakeLineChannel, assistant = assistantId) => ({
    channelId: channel.channelId,
    channelSecret: channel.channelSecret,
    accessToken: channel.accessToken,
    assistantId: assistant,
  });

  beforeAll(async () => {
    line = await startFakeLineApi();
    meta = await startFakeGraphApi();
    meta.pages = [{ id: '200000000000011', name: 'Mugs', instagram: { id: '17841400000000211', username: 'mugs' } }];
    t = await createTestApp({ ...line.env(), ...meta.env() }, { tiers: 'seeded' });
    const user = await createVerifiedUser(t, { email: 'limit@channels.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    first = line.addChannel('First LINE');
    assistantId = await createAssistant(t, owner);
  });
  afterAll(async () => {
    await t?.close();
    await line?.close();
    await meta?.close();
  });

  it('connects the first channel, and refuses a second LINE channel on Basic with the limit’s message, saving nothing', async () => {
    const { account } = await connectLine(t, line, owner, first, assistantId);
    expect(account.status).toBe('connected');
    const shares = await shareCount();

    const second = line.addChannel('Second LINE');
    expect(await post(t, owner, '/api/line/connect/', connectBody(second))).toEqual(refusal);
    expect((await accountRows()).map((row) => row.externalAccountId)).toEqual([first.botUserId]);
    expect(await shareCount()).toBe(shares);

    // The connected one may change its assistant: that takes no new place.
    const other = await createAssistant(t, owner, { assistantName: 'Other helper' });
    const rechosen = await post(t, owner, '/api/line/account/', { accountId: account.id, assistantId: other });
    expect(rechosen).toMatchObject({ status: 200, body: { status: 'connected', assistantId: other } });
    // Connecting it again with its credentials is no second channel either.
    expect((await post(t, owner, '/api/line/connect/', connectBody(first, other))).status).toBe(201);
  });

  it('refuses choosing a Meta account as a second channel (by the account call and by the login’s own choice), connecting nothing', async () => {
    const shares = await shareCount();
    const landed = await metaLogin(t, meta, owner, 'messenger');
    expect(landed.searchParams.get('found')).toBe('1');
    const [page] = await accountsOf(t, owner, 'messenger');
    expect(page?.status).toBe('available');
    expect(await post(t, owner, '/api/messenger/account/', { accountId: page?.id, assistantId })).toEqual(refusal);

    // A login that names the assistant chooses its one account at once: refused the same, said on /social.
    const chosenAtLogin = await metaLogin(t, meta, owner, 'instagram', assistantId);
    expect(chosenAtLogin.searchParams.get('error')).toBe(refusal.body.detail);

    const rows = await accountRows();
    expect(rows.filter((row) => row.status === 'connected').map((row) => row.channel)).toEqual(['line']);
    expect(await shareCount()).toBe(shares);
  });

  it('lets another channel in once one is disconnected, and refuses re-activating the old one then', async () => {
    const [lineAccount] = await accountsOf(t, owner, 'line');
    expect((await post(t, owner, '/api/line/disconnect/', { accountId: lineAccount?.id })).status).toBe(200);
    const [page] = await accountsOf(t, owner, 'messenger');
    expect(await post(t, owner, '/api/messenger/account/', { accountId: page?.id, assistantId })).toMatchObject({
      status: 200,
      body: { status: 'connected' },
    });
    expect(await post(t, owner, '/api/line/connect/', connectBody(first))).toEqual(refusal);
    const [again] = await accountsOf(t, owner, 'line');
    expect(again?.status).toBe('disconnected');
  });
});
