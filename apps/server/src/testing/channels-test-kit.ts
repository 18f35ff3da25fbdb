import type { ChannelAccount, MetaChannel, SocialSummary } from '@aisle/contracts/channels';
import { eq } from 'drizzle-orm';
import { sharedMessages, sharedThreads } from '../db/schema';
import { createAssistant } from './assistants';
import type { FakeLineApi, FakeLineChannel } from './fake-line/fake-line-api';
import { signedLineWebhook } from './fake-line/fake-line-api';
import type { FakeGraphApi } from './fake-meta/fake-graph-api';
import { signedMetaWebhook } from './fake-meta/meta-webhooks';
import type { TestViewer } from './graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from './knowledge';
import type { TestApp } from './test-app';

/**
 * Helpers the channels' tests share: connecting accounts through the same calls /social makes,
 * posting signed webhooks as Meta and LINE do, and waiting for what the jobs do in the background.
 */

export async function get(t: TestApp, viewer: TestViewer | null, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(viewer ? { authorization: `Bearer ${viewer.access}` } : {}) },
  });
  const json = res.headers['content-type']?.toString().includes('application/json');
  return { status: res.statusCode, headers: res.headers, body: json && res.body ? JSON.parse(res.body) : res.body };
}

export async function socialSummary(t: TestApp, viewer: TestViewer): Promise<SocialSummary> {
  const res = await get(t, viewer, '/api/meta/social/');
  if (res.status !== 200) throw new Error(`meta/social answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as SocialSummary;
}

export async function accountsOf(t: TestApp, viewer: TestViewer, channel: string): Promise<ChannelAccount[]> {
  return (await socialSummary(t, viewer)).channels.find((entry) => entry.channel === channel)?.accounts ?? [];
}

/**
 * Facebook Login as the browser makes it: login/ (JSON: the dialog's URL), the fake dialog's
 * "Continue", then the callback. Answers where the callback sent the browser back.
 */
export async function metaLogin(t: TestApp, fake: FakeGraphApi, viewer: TestViewer, channel: MetaChannel, assistantId?: string) {
  const query = assistantId ? `?assistantId=${assistantId}` : '';
  const login = await get(t, viewer, `/api/${channel}/login/${query}`, { accept: 'application/json' });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const back = new URL(fake.approve((login.body as { url: string }).url));
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  if (callback.statusCode !== 302) throw new Error(`callback answered ${callback.statusCode}: ${callback.body}`);
  return new URL(String(callback.headers.location));
}

/** An owner with an assistant and a connected account on a Meta channel (the fake's first page, Instagram account or number). */
export async function connectMetaAccount(t: TestApp, fake: FakeGraphApi, viewer: TestViewer, channel: MetaChannel, assistantId?: string) {
  const assistant = assistantId ?? (await createAssistant(t, viewer, { assistantName: 'Shop helper' }));
  const landed = await metaLogin(t, fake, viewer, channel);
  if (landed.searchParams.get('error')) throw new Error(`login failed: ${landed.searchParams.get('error')}`);
  const [account] = await accountsOf(t, viewer, channel);
  if (!account) throw new Error('the login listed no account');
  const chosen = await post(t, viewer, `/api/${channel}/account/`, { accountId: account.id, assistantId: assistant });
  if (chosen.status !== 200) throw new Error(`account answered ${chosen.status}: ${JSON.stringify(chosen.body)}`);
  return { assistantId: assistant, account: chosen.body as unknown as ChannelAccount };
}

export async function connectLine(t: TestApp, line: FakeLineApi, viewer: TestViewer, channel: FakeLineChannel, assistantId?: string) {
  const assistant = assistantId ?? (await createAssistant(t, viewer, { assistantName: 'Shop helper' }));
  const res = await post(t, viewer, '/api/line/connect/', {
    channelId: channel.channelId,
    channelSecret: channel.channelSecret,
    accessToken: channel.accessToken,
    assistantId: assistant,
  });
  if (res.status !== 201) throw new Error(`line/connect answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { assistantId: assistant, account: res.body as unknown as ChannelAccount, line };
}

/**
 * An owner's assistant that sells from a product list (a JSON file as a Shopify store's products.json
 * or an exported catalog reads: titles, https images, prices, currency), uploaded to a store of its
 * own through the Store screen's calls and linked to a new assistant. The assistant answers with the
 * built-in model unless told otherwise, so which products an answer names is the list's.
 */
export async function createSellingAssistant(
  t: TestApp,
  viewer: TestViewer,
  productList: unknown,
  fields: Record<string, unknown> = { model: 'local:extractive' },
): Promise<string> {
  const storeId = await createStore(t, viewer, 'Catalog');
  const { fileIds } = await uploadFiles(t, viewer, storeId, [
    { fileName: 'products.json', contentType: 'application/json', bytes: JSON.stringify(productList) },
  ]);
  const [file] = await waitForFiles(t, fileIds);
  if (file?.status !== 'ready') throw new Error(`the product list was not read: ${file?.status}`);
  const assistantId = await createAssistant(t, viewer, { assistantName: 'Shop helper', ...fields });
  const linked = await post(t, viewer, '/api/assistant/store-add/', { assistantId, storeId });
  if (linked.status !== 201) throw new Error(`store-add answered ${linked.status}: ${JSON.stringify(linked.body)}`);
  return assistantId;
}

/** Posts a Meta webhook delivery (signed with the fake app's secret unless told otherwise). */
export async function postMetaWebhook(t: TestApp, channel: MetaChannel, payload: unknown, secret?: string) {
  const delivery = signedMetaWebhook(payload, secret);
  const res = await t.app.inject({ method: 'POST', url: `/api/${channel}/webhook/`, headers: delivery.headers, payload: delivery.body });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export async function postLineWebhook(
  t: TestApp,
  channel: Pick<FakeLineChannel, 'botUserId' | 'channelSecret'>,
  events: unknown[],
  secret?: string,
) {
  const delivery = signedLineWebhook(channel, events, secret);
  const res = await t.app.inject({ method: 'POST', url: '/api/line/webhook/', headers: delivery.headers, payload: delivery.body });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

/** Resolves with the predicate's value once it is truthy (jobs run in the background). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 15_000, what = 'the condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Lets background jobs that could still run do so (for "nothing more happens" checks). */
export const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));

/** The threads of an origin, with their messages oldest first. */
export async function channelThreads(t: TestApp, origin: string) {
  const threads = await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.origin, origin));
  return Promise.all(
    threads.map(async (thread) => ({
      thread,
      messages: (await t.services.db.select().from(sharedMessages).where(eq(sharedMessages.sharedThreadId, thread.id))).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      ),
    })),
  );
}
