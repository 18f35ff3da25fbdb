import { limitReachedMessage } from '@aisle/contracts/billing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopConnections, tierTracks, users, wizards } from '../../db/schema';
import { eventually } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SHOP = 'wizard-limit.myshopify.com';

/** The seeded tiers: Basic allows 3 wizard runs a period, counted where a run starts (POST wizard/start-process/). */
describe('the wizard runs limit', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let merchant: { access: string; email: string };

  const call = async (who: { access: string }, url: string) => {
    const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { authorization: `Bearer ${who.access}` } });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  const refusal = {
    status: 403,
    body: {
      detail: limitReachedMessage({ limit: 'wizardRuns', max: 3, tierName: 'Basic', topTier: false }),
      code: 'limit_reached',
      limit: 'wizardRuns',
    },
  };
  const wizardOf = async (email: string) => (await t.services.db.select().from(wizards).where(eq(wizards.ownerEmail, email)))[0];
  const runsCounted = async (email: string) => {
    const [row] = await t.services.db
      .select({ runs: tierTracks.wizardRuns })
      .from(tierTracks)
      .innerJoin(users, eq(users.id, tierTracks.userId))
      .where(eq(users.email, email));
    return row?.runs ?? 0;
  };
  const ended = (email: string) =>
    eventually(
      async () => {
        const row = await wizardOf(email);
        return row && (row.completed || row.status === 'Failed') ? row : null;
      },
      120_000,
      'the run to end',
    );

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 5 });
    t = await createTestApp(shopifyEnv(fake), { tiers: 'seeded' });
    merchant = await embeddedSignIn(t.app, fake, SHOP);
    // The sign-in's own catalog sync first, so the failures below meet the wizard.
    await eventually(
      async () => (await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, SHOP)))[0]?.catalogSyncedAt,
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('counts each run where it starts (once, with the web’s increment call after it), and refuses the fourth with the limit’s message', async () => {
    for (let run = 1; run <= 3; run++) {
      // Shopify answers 503 to every try of the first step: the run ends as Failed, and may be started again.
      fake.failNext({ status: 503 }, { status: 503 }, { status: 503 });
      expect((await call(merchant, '/api/wizard/start-process/')).status).toBe(201);
      // The web app's call after a start reports that run: no second count.
      expect(await call(merchant, '/api/wizard/increment-usage/')).toEqual({ status: 200, body: { runs: run } });
      expect(await runsCounted(merchant.email)).toBe(run);
      expect(await ended(merchant.email)).toMatchObject({ status: 'Failed' });
    }

    const before = await wizardOf(merchant.email);
    expect(await call(merchant, '/api/wizard/start-process/')).toEqual(refusal);
    // Nothing started: the record is as the third run left it, and no job is queued for the shop.
    expect(await wizardOf(merchant.email)).toEqual(before);
    const jobs = await t.services.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'setup-wizard' AND state IN ('created', 'retry', 'active')`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    // Counting a run by the increment call is refused the same way, and counts nothing.
    expect(await call(merchant, '/api/wizard/increment-usage/')).toEqual(refusal);
    expect(await runsCounted(merchant.email)).toBe(3);

    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/users/tier-track/',
      headers: { authorization: `Bearer ${merchant.access}` },
    });
    expect(usage.json().usage.wizardRuns).toEqual({ used: 3, limit: 3, message: refusal.body.detail });
  });

  it('counts a run by the increment call alone when no start counted it, up to the limit', async () => {
    const stranger = await createVerifiedUser(t);
    for (let run = 1; run <= 3; run++) expect((await call(stranger, '/api/wizard/increment-usage/')).body).toEqual({ runs: run });
    expect(await call(stranger, '/api/wizard/increment-usage/')).toEqual(refusal);
  });
});
