import { performance } from 'node:perf_hooks';
import { startFakeShopify } from '../apps/server/src/testing/fake-shopify/fake-shopify';
import { mintIdToken, shopifyEnv } from '../apps/server/src/testing/fake-shopify/shopify-test-kit';
import { WIZARD_FLAGS } from '../packages/contracts/src/setup-wizard';
import { type BenchServer, graphql, startServer } from './server-process';

type Wizard = Record<string, unknown> & { completed: boolean; status: string | null; log: string | null };

/**
 * The setup wizard end to end on the production server (embedded database) and the fake Shopify:
 * a 500-product shop signs in through App Bridge, and `POST wizard/start-process/` is timed until
 * the Wizard record says completed (pages, blogs, products with variants, theme colours, the store,
 * every file indexed, assistant, links, share, app metafields). Each step's time is when its flag
 * first showed (polled every 10 ms). The wizard calls no model (instructions come from the shop's
 * own pages), so there is no model time to exclude. `runs` shops, one after the other.
 */
export async function setupWizard(runs = 3) {
  const fake = await startFakeShopify();
  const server = await startServer({ env: { ...shopifyEnv(fake), LOG_LEVEL: 'warn' } });
  try {
    const results: { seconds: number; stepsMs: Record<string, number> }[] = [];
    for (let run = 0; run < runs; run++) results.push(await oneRun(server, fake, `bench-wizard-${run}.myshopify.com`));
    const seconds = results.map((r) => r.seconds).sort((a, b) => a - b);
    return {
      products: 500,
      runs,
      goalSeconds: 20,
      seconds: { median: seconds[Math.floor(seconds.length / 2)], max: seconds.at(-1) },
      modelSeconds: 0,
      firstRunStepsMs: results[0]?.stepsMs,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

async function oneRun(server: BenchServer, fake: Awaited<ReturnType<typeof startFakeShopify>>, shop: string) {
  fake.shop(shop);
  const idToken = await mintIdToken(fake, shop);
  const session = await fetch(`${server.url}/api/sh/validate_session/?shopify_token=${encodeURIComponent(idToken)}`);
  if (!session.ok) throw new Error(`validate_session answered ${session.status}: ${await session.text()}`);
  const token = ((await session.json()) as { internal_token: string }).internal_token;

  const started = performance.now();
  const res = await fetch(`${server.url}/api/wizard/start-process/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (res.status !== 201) throw new Error(`start-process answered ${res.status}: ${await res.text()}`);
  const stepsMs: Record<string, number> = {};
  for (;;) {
    const data = await graphql(server, token, `{ listWizards { items { completed status log ${WIZARD_FLAGS.join(' ')} } } }`, {});
    const wizard = (data.listWizards as { items: Wizard[] }).items[0];
    const now = performance.now() - started;
    for (const flag of WIZARD_FLAGS) if (wizard?.[flag] && stepsMs[flag] === undefined) stepsMs[flag] = Math.round(now);
    if (wizard?.status === 'Failed') throw new Error(`the wizard failed: ${wizard.log}`);
    if (wizard?.completed) return { seconds: Number((now / 1000).toFixed(2)), stepsMs };
    if (now > 300_000) throw new Error('the wizard did not finish in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
