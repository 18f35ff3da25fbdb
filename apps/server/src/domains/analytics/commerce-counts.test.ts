import type { CommerceActionKind } from '@aisle/contracts/commerce';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel } from '../../data-api/model-registry';
import { insertItemAsSystem } from '../../data-api/model-store';
import { commerceActions } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { gql, type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordCommerceAction } from '../order-help';

const DAY_MS = 86_400_000;
const dayOf = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const startOfDay = (offsetDays: number) => `${dayOf(offsetDays)}T00:00:00.000Z`;

/** Issue 32 §5: the dashboard counts orders helped, returns started and add-to-carts from chat; the log is the owner's alone. */
describe('from chat: the commerce action log and its counts', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  const ids = { a1: '', a2: '', widget: '', line: '', bobAssistant: '', bobThread: '' };

  const thread = async (ownerEmail: string, assistantId: string, origin: string) => {
    const ctx = { db: t.services.db, events: t.services.events };
    const share = await insertItemAsSystem(ctx, getModel('SharedAssistant'), {
      ownerEmail,
      shareToken: crypto.randomUUID(),
      originalAssistantId: assistantId,
      assistantName: 'Shop helper',
    });
    const row = await insertItemAsSystem(ctx, getModel('SharedThread'), {
      ownerEmail,
      sharedAssistantId: share.id,
      anonymousEmail: `${origin}-visitor@anonymous`,
      origin,
    });
    return row.id as string;
  };

  const act = (
    ownerEmail: string,
    kind: CommerceActionKind,
    fields: { ok?: boolean; outcome?: string; assistantId: string; sharedThreadId: string | null; orderName?: string },
  ) =>
    recordCommerceAction(t.services.db, {
      ownerEmail,
      kind,
      ok: fields.ok ?? true,
      outcome: fields.outcome ?? (kind === 'added_to_cart' ? 'added' : kind === 'order_status' ? 'status' : 'done'),
      assistantId: fields.assistantId,
      sharedThreadId: fields.sharedThreadId,
      visitorKey: `visitor:${fields.sharedThreadId ?? 'owner'}`,
      shopDomain: 'alpine.myshopify.com',
      orderName: fields.orderName ?? null,
      detail: kind === 'added_to_cart' ? { productTitle: 'Trail shoe', variantId: '44012345678901' } : { trackingNumbers: ['1Z999'] },
    });

  const counts = async (viewer: TestViewer | null, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/commerce/?${query}`,
      headers: viewer ? { authorization: `Bearer ${viewer.access}` } : {},
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    ids.a1 = await createAssistant(t, alice, { assistantName: 'Storefront' });
    ids.a2 = await createAssistant(t, alice, { assistantName: 'LINE helper' });
    ids.widget = await thread(alice.email, ids.a1, 'widget');
    ids.line = await thread(alice.email, ids.a2, 'line');
    ids.bobAssistant = await createAssistant(t, bob);
    ids.bobThread = await thread(bob.email, ids.bobAssistant, 'web');

    const inWidget = { assistantId: ids.a1, sharedThreadId: ids.widget };
    // One order looked up twice in one chat: one order helped.
    await act(alice.email, 'order_status', { ...inWidget, orderName: '#1001' });
    await act(alice.email, 'order_status', { ...inWidget, orderName: '#1001' });
    await act(alice.email, 'order_status', { assistantId: ids.a2, sharedThreadId: ids.line, orderName: '#1002' });
    // Not helped: no order matched; and the owner trying it in their own chat.
    await act(alice.email, 'order_status', { ...inWidget, ok: false, outcome: 'not_found', orderName: '#9999' });
    await act(alice.email, 'order_status', { assistantId: ids.a1, sharedThreadId: null, orderName: '#1001' });
    await act(alice.email, 'return_started', { ...inWidget, orderName: '#1001' });
    await act(alice.email, 'return_started', { ...inWidget, ok: false, outcome: 'code_sent', orderName: '#1001' });
    await act(alice.email, 'address_changed', { ...inWidget, orderName: '#1001' });
    await act(alice.email, 'added_to_cart', inWidget);
    await act(alice.email, 'added_to_cart', inWidget);
    await act(alice.email, 'added_to_cart', { assistantId: ids.a1, sharedThreadId: null });

    await act(bob.email, 'order_status', { assistantId: ids.bobAssistant, sharedThreadId: ids.bobThread, orderName: '#5001' });
    await act(bob.email, 'added_to_cart', { assistantId: ids.bobAssistant, sharedThreadId: ids.bobThread });
  });
  afterAll(() => t.close());

  it('counts each owner’s own orders helped, returns started and cart additions', async () => {
    const since = startOfDay(-6);
    expect(await counts(alice, `since=${since}`)).toEqual({
      status: 200,
      body: { days: [{ day: dayOf(0), ordersHelped: 2, returnsStarted: 1, addedToCart: 3 }] },
    });
    expect((await counts(bob, `since=${since}`)).body).toEqual({
      days: [{ day: dayOf(0), ordersHelped: 1, returnsStarted: 0, addedToCart: 1 }],
    });
  });

  it('narrows to one assistant or one channel, as the dashboard’s filters do', async () => {
    const since = startOfDay(-6);
    expect((await counts(alice, `since=${since}&assistantId=${ids.a2}`)).body.days).toEqual([
      { day: dayOf(0), ordersHelped: 1, returnsStarted: 0, addedToCart: 0 },
    ]);
    expect((await counts(alice, `since=${since}&channel=line`)).body.days).toEqual([
      { day: dayOf(0), ordersHelped: 1, returnsStarted: 0, addedToCart: 0 },
    ]);
    // A cart addition without a thread came from the storefront's widget.
    expect((await counts(alice, `since=${since}&channel=widget`)).body.days).toEqual([
      { day: dayOf(0), ordersHelped: 1, returnsStarted: 1, addedToCart: 3 },
    ]);
    expect((await counts(alice, `since=${since}&channel=instagram`)).body.days).toEqual([]);
    // Another owner's assistant filters to nothing.
    expect((await counts(alice, `since=${since}&assistantId=${ids.bobAssistant}`)).body.days).toEqual([]);
  });

  it('gives each UTC day its own counts, from the day asked for on', async () => {
    await act(alice.email, 'added_to_cart', { assistantId: ids.a1, sharedThreadId: ids.widget });
    const [newest] = await t.services.db
      .select({ id: commerceActions.id })
      .from(commerceActions)
      .where(eq(commerceActions.ownerEmail, alice.email))
      .orderBy(sql`${commerceActions.createdAt} DESC`)
      .limit(1);
    await t.services.db
      .update(commerceActions)
      .set({ createdAt: new Date(Date.parse(startOfDay(-3)) + 3_600_000) })
      .where(eq(commerceActions.id, newest?.id as string));
    expect((await counts(alice, `since=${startOfDay(-6)}`)).body.days).toEqual([
      { day: dayOf(-3), ordersHelped: 0, returnsStarted: 0, addedToCart: 1 },
      { day: dayOf(0), ordersHelped: 2, returnsStarted: 1, addedToCart: 3 },
    ]);
    expect((await counts(alice, `since=${startOfDay(-2)}`)).body.days).toEqual([
      { day: dayOf(0), ordersHelped: 2, returnsStarted: 1, addedToCart: 3 },
    ]);
  });

  it('refuses a bad query with field errors, and a caller who is not signed in', async () => {
    expect(await counts(alice, 'since=yesterday')).toEqual({ status: 400, body: { since: ['Enter a valid date and time.'] } });
    expect(await counts(alice, `since=${startOfDay(-1)}&channel=fax`)).toEqual({
      status: 400,
      body: { channel: ['"fax" is not a valid choice.'] },
    });
    expect((await counts(null, `since=${startOfDay(-1)}`)).status).toBe(401);
  });

  describe('the CommerceAction log (data API)', () => {
    const fields = 'id ownerEmail kind ok outcome orderName assistantId sharedThreadID detail createdAt updatedAt';

    it('lists the owner’s actions, newest first, with what the owner may see', async () => {
      const res = await gql(t, alice, `{ listCommerceActions(limit: 100) { items { ${fields} } nextToken } }`);
      expect(res.errors).toBeUndefined();
      const items = res.data?.listCommerceActions.items as Record<string, unknown>[];
      expect(items).toHaveLength(12);
      expect(items.every((item) => item.ownerEmail === alice.email)).toBe(true);
      const cart = items.find((item) => item.kind === 'added_to_cart' && item.sharedThreadID === null);
      expect(cart).toMatchObject({ ok: true, outcome: 'added', assistantId: ids.a1, orderName: null });
      expect(JSON.parse(cart?.detail as string)).toEqual({ productTitle: 'Trail shoe', variantId: '44012345678901' });
      expect(cart?.updatedAt).toBe(cart?.createdAt);
      const refused = await gql(t, alice, `{ listCommerceActions(filter: { ok: { eq: false } }) { items { kind outcome orderName } } }`);
      expect(refused.data?.listCommerceActions.items).toEqual(
        expect.arrayContaining([
          { kind: 'order_status', outcome: 'not_found', orderName: '#9999' },
          { kind: 'return_started', outcome: 'code_sent', orderName: '#1001' },
        ]),
      );
    });

    it('shows another user nothing of it, by list, by id, by thread or by owner', async () => {
      const mine = await gql(t, alice, `{ listCommerceActions(limit: 1) { items { id } } }`);
      const aliceActionId = mine.data?.listCommerceActions.items[0].id as string;

      const listed = await gql(t, bob, `{ listCommerceActions(limit: 100) { items { ownerEmail orderName } } }`);
      expect(listed.data?.listCommerceActions.items).toHaveLength(2);
      expect(listed.data?.listCommerceActions.items).toEqual(
        expect.arrayContaining([
          { ownerEmail: bob.email, orderName: null },
          { ownerEmail: bob.email, orderName: '#5001' },
        ]),
      );
      const probing = await gql(t, bob, `query($f: ModelCommerceActionFilterInput) { listCommerceActions(filter: $f) { items { id } } }`, {
        f: { ownerEmail: { eq: alice.email } },
      });
      expect(probing.data?.listCommerceActions.items).toEqual([]);

      const byId = await gql(t, bob, `query($id: ID!) { getCommerceAction(id: $id) { id orderName } }`, { id: aliceActionId });
      expect(byId.errors).toBeUndefined();
      expect(byId.data?.getCommerceAction).toBeNull();
      const ownById = await gql(t, alice, `query($id: ID!) { getCommerceAction(id: $id) { id } }`, { id: aliceActionId });
      expect(ownById.data?.getCommerceAction).toEqual({ id: aliceActionId });

      const byThread = `query($h: ID!) { commerceActionsBySharedThreadID(sharedThreadID: $h) { items { id } } }`;
      expect((await gql(t, bob, byThread, { h: ids.widget })).data?.commerceActionsBySharedThreadID.items).toEqual([]);
      expect((await gql(t, alice, byThread, { h: ids.widget })).data?.commerceActionsBySharedThreadID.items.length).toBeGreaterThan(0);

      const byOwner = await gql(t, bob, `query($h: String!) { commerceActionsByOwnerEmail(ownerEmail: $h) { items { id } } }`, {
        h: alice.email,
      });
      expect(byOwner.errors?.[0]?.message).toBe('Unauthorized');
    });

    it('cannot be written through the data API', async () => {
      const res = await gql(t, alice, `mutation { createCommerceAction(input: { kind: "added_to_cart" }) { id } }`);
      expect(res.errors?.[0]?.message).toMatch(/createCommerceAction/);
    });
  });
});
