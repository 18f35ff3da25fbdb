import type { Item } from '../data-api/model-store';
import { type TestViewer, viewerToken } from './graphql-client';
import { seedAllModels } from './seed-models';
import { createTestApp, type TestApp } from './test-app';

export interface TwoMerchants {
  t: TestApp;
  alice: TestViewer;
  bob: TestViewer;
  /** One row of every model each, by model name. */
  aliceRows: Record<string, Item>;
  bobRows: Record<string, Item>;
}

/** The isolation suites' world: a fresh app with two merchants who each own one row of every model. */
export async function twoMerchants(): Promise<TwoMerchants> {
  const t = await createTestApp();
  const alice = await viewerToken(t, 'alice@shop.test');
  const bob = await viewerToken(t, 'bob@shop.test');
  return { t, alice, bob, aliceRows: await seedAllModels(t, alice.email), bobRows: await seedAllModels(t, bob.email) };
}
