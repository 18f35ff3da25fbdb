import { performance } from 'node:perf_hooks';
import { startFakeShopify } from '../apps/server/src/testing/fake-shopify/fake-shopify';
import { mintIdToken, shopifyEnv, signedWebhook } from '../apps/server/src/testing/fake-shopify/shopify-test-kit';
import { type BenchServer, graphql, startServer } from './server-process';

const SHOP = 'bench-shop.myshopify.com';
const WORDS = ['azure', 'brisk', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper', 'kelp', 'lumen'];

/**
 * How soon a product change in Shopify is searchable: the production server (embedded database)
 * with a connected shop of 500 products (synced first, timed too), then `changes` products/update
 * webhooks, one at a time; each is timed from sending the signed webhook until the knowledge search
 * API ranks the changed product first for its new name. Polled every 5 ms.
 */
export async function productWebhookSearchable(changes = 60) {
  const fake = await startFakeShopify();
  const server = await startServer({ env: { ...shopifyEnv(fake), LOG_LEVEL: 'warn' } });
  try {
    const syncStarted = performance.now();
    const token = await signIn(server, fake);
    const storeId = await waitForCatalog(server, token);
    const syncSeconds = (performance.now() - syncStarted) / 1000;

    const latencies: number[] = [];
    for (let i = 0; i < changes; i++) {
      const product = fake.shop(SHOP).content.products[(i * 37) % 500];
      if (!product) throw new Error('no such product');
      const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]} Marvel${i}`;
      fake.upsertProduct(SHOP, { ...product, title: name, updatedAt: new Date().toISOString() });
      const webhook = signedWebhook(fake, { topic: 'products/update', shop: SHOP, payload: { id: Number(product.legacyResourceId) } });
      const started = performance.now();
      const res = await fetch(`${server.url}${webhook.url}`, { method: 'POST', headers: webhook.headers, body: webhook.body });
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
      for (;;) {
        const [top] = await search(server, token, storeId, `marvel${i}`);
        if (top?.text.startsWith(name)) break;
        if (performance.now() - started > 30_000) throw new Error(`product ${i} never became searchable`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0).toFixed(1));
    return {
      products: 500,
      changes,
      initialSyncSeconds: Number(syncSeconds.toFixed(2)),
      webhookToSearchableMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

async function signIn(server: BenchServer, fake: Awaited<ReturnType<typeof startFakeShopify>>) {
  fake.shop(SHOP);
  const idToken = await mintIdToken(fake, SHOP);
  const res = await fetch(`${server.url}/api/sh/validate_session/?shopify_token=${encodeURIComponent(idToken)}`);
  if (!res.ok) throw new Error(`validate_session answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { internal_token: string }).internal_token;
}

/** The catalog store's id once the first sync has written and indexed the product list. */
async function waitForCatalog(server: BenchServer, token: string): Promise<string> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${server.url}/api/sh/settings/`, { headers: { authorization: `Bearer ${token}` } });
    const settings = (await res.json()) as { catalogStoreId: string | null };
    if (settings.catalogStoreId) {
      const data = await graphql(server, token, 'query($id: ID!) { getStore(id: $id) { status fileCount } }', {
        id: settings.catalogStoreId,
      });
      const store = data.getStore as { status: string; fileCount: number } | null;
      if (store?.status === 'ready' && store.fileCount === 1) return settings.catalogStoreId;
    }
    if (Date.now() > deadline) throw new Error('the catalog never finished syncing');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function search(server: BenchServer, token: string, storeId: string, query: string) {
  const res = await fetch(`${server.url}/api/store/search/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ storeIds: [storeId], query, k: 1 }),
  });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return ((await res.json()) as { results: { text: string }[] }).results;
}
