import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel } from '../data-api/model-registry';
import { deleteItem, type Item, insertItemAsSystem, publishRow, updateItem } from '../data-api/model-store';
import type { ModelDef } from '../data-api/model-types';
import { collect, listen, settle, type TestViewer, viewerToken, wsClient } from '../testing/graphql-client';
import { operationsOf, ownedModels, sampleValue, updatableField } from '../testing/model-operations';
import { seedAllModels } from '../testing/seed-models';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * For every owner-scoped subscription: another user's changes never reach a subscriber, whatever
 * argument it sends, while the owner's own subscription (the control) does receive them.
 */
const idColumn = (model: ModelDef) => getTableColumns(model.table).id as PgColumn;
/** Changes Alice makes at most before her own subscription must have heard one. */
const HEARD_ATTEMPTS = 4;

describe('isolation: subscriptions', () => {
  let t: TestApp;
  let port: number;
  let alice: TestViewer;
  let bob: TestViewer;
  let aliceRows: Record<string, Item>;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    aliceRows = await seedAllModels(t, alice.email);
  });
  afterAll(() => t.close());

  /** Makes Alice's change of the given kind through the domain layer, as REST handlers and jobs do. */
  async function change(model: ModelDef, kind: string) {
    const ctx = { db: t.services.db, events: t.services.events, viewer: { userId: 'a', email: alice.email, isStaff: false } };
    if (kind === 'Create') {
      const fresh = await seedAllModels(t, alice.email);
      return fresh[model.name];
    }
    // Stores are deleted and files change through the knowledge domain (REST calls and ingestion
    // jobs), which write the row and publish it the same way.
    if (kind === 'Update' && model.update === 'none') {
      const [row] = await t.services.db
        .update(model.table)
        .set({ updatedAt: new Date() })
        .where(eq(idColumn(model), aliceRows[model.name]?.id))
        .returning();
      return publishRow(ctx, model, 'update', row as object);
    }
    if (kind === 'Delete' && model.delete === 'none') {
      const victim = (await seedAllModels(t, alice.email))[model.name];
      const [row] = await t.services.db
        .delete(model.table)
        .where(eq(idColumn(model), victim?.id))
        .returning();
      return publishRow(ctx, model, 'delete', row as object);
    }
    const field = updatableField(model);
    if (kind === 'Update')
      return updateItem(ctx, model, { id: aliceRows[model.name]?.id, ...(field ? { [field.name]: sampleValue(field, aliceRows) } : {}) });
    const victim = (await seedAllModels(t, alice.email))[model.name];
    return deleteItem(ctx, model, { id: victim?.id });
  }

  const cases = ownedModels.flatMap((model) => operationsOf(model).subscriptions.map((op) => [op, model] as const));

  it.each(cases)('%s delivers nothing of another user’s', async (op, model) => {
    const kind = op.slice(2, op.length - model.name.length);
    const query = `subscription($o: String) { ${op}(ownerEmail: $o) { id ownerEmail } }`;
    const bobClient = wsClient(port, bob);
    const aliceClient = wsClient(port, alice);
    try {
      const claimed = collect(bobClient, query, { o: alice.email });
      const plain = collect(bobClient, query, {});
      const control = collect(aliceClient, query, { o: alice.email });
      await settle();
      // On a loaded machine the subscriptions may register after the first change (a Redis
      // subscribe round trip in the scaled mode): Alice changes again until her own socket hears.
      const made: unknown[] = [];
      for (let attempt = 1; !control.events.length; attempt++) {
        made.push((await change(model, kind))?.id);
        await control.next(1, attempt < HEARD_ATTEMPTS ? 2500 : 5000).catch((error) => {
          if (attempt >= HEARD_ATTEMPTS) throw error;
        });
      }
      expect(control.events[0]?.[op]).toMatchObject({ ownerEmail: alice.email });
      expect(made).toContain((control.events[0]?.[op] as { id?: unknown } | undefined)?.id);
      await settle(50);
      expect(plain.events).toEqual([]);
      expect(claimed.events).toEqual([]);
      expect(JSON.stringify(claimed.errors)).toContain('Unauthorized');
    } finally {
      await bobClient.dispose();
      await aliceClient.dispose();
    }
  });

  it('refuses a WebSocket connection without a valid token', async () => {
    const anonymous = wsClient(port, null);
    const forged = wsClient(port, { ...bob, access: `${bob.access}x` });
    for (const client of [anonymous, forged]) {
      const sub = collect(client, 'subscription { onCreateWizard { id } }');
      await expect(sub.next(1, 2000)).rejects.toThrow();
      // graphql-ws closes the socket with 4403 Forbidden when onConnect refuses.
      expect((sub.errors[0] as { code?: number }).code).toBe(4403);
      await client.dispose();
    }
  });

  it('public models (announcements) reach every signed-in subscriber', async () => {
    const client = wsClient(port, bob);
    try {
      const sub = collect(client, 'subscription { onCreateAnnouncement { id message } }');
      await settle();
      const staff = { db: t.services.db, events: t.services.events };
      await insertItemAsSystem(staff, getModel('Announcement'), { ownerEmail: 'staff@aisle.test', message: 'Maintenance tonight' });
      await sub.next(1);
      expect(sub.events[0]?.onCreateAnnouncement.message).toBe('Maintenance tonight');
    } finally {
      await client.dispose();
    }
  });
});
