import { CONVERSATION_NOT_FOUND_TEXT } from '@aisle/contracts/visitor-chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceActions } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import type { TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { askerKey } from '../turns';

/** Calls on one visitor's thread a minute before they are throttled (the `reads` bucket). */
const READ_LIMIT = 8;

describe('shared-chat/cart-added/: a product added to the storefront’s cart from a card', () => {
  let t: TestApp;
  let owner: TestViewer;
  let assistantId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000',
      SHARED_CHAT_READ_RATE_LIMIT: String(READ_LIMIT),
    });
    const user = await createVerifiedUser(t, { email: 'carts@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    token = (await shareAssistant(t, owner, assistantId)).shareToken.token as string;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A visitor with a thread of their own on the link. */
  async function newVisitor() {
    const res = await visitor(t, 'message', { token, message: 'Hello' });
    expect(res.status).toBe(200);
    return { sharedThreadId: res.body.sharedThreadId as string, visitorToken: res.body.visitorToken as string };
  }
  const recordedFor = (sharedThreadId: string) =>
    t.services.db.select().from(commerceActions).where(eq(commerceActions.sharedThreadId, sharedThreadId));
  const added = { variantId: '44012345678901', productTitle: 'Linen shirt', quantity: 1 };

  it('records the addition for the shop’s owner, on the visitor’s thread, without their token', async () => {
    const shopper = await newVisitor();
    const res = await visitor(t, 'cart-added', { token, ...shopper, ...added });
    expect(res.status).toBe(204);

    const rows = await recordedFor(shopper.sharedThreadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ownerEmail: owner.email,
      kind: 'added_to_cart',
      ok: true,
      outcome: 'added',
      assistantId,
      sharedThreadId: shopper.sharedThreadId,
      visitorKey: askerKey('visitor', shopper.visitorToken),
      orderName: null,
      detail: { variantId: '44012345678901', productTitle: 'Linen shirt', quantity: 1 },
    });
    expect(JSON.stringify(rows[0])).not.toContain(shopper.visitorToken);
  });

  it('answers "Conversation not found." to another visitor’s token or a thread of another link, recording nothing', async () => {
    const shopper = await newVisitor();
    const stranger = await newVisitor();

    const borrowed = await visitor(t, 'cart-added', {
      token,
      sharedThreadId: shopper.sharedThreadId,
      visitorToken: stranger.visitorToken,
      ...added,
    });
    expect(borrowed.status).toBe(404);
    expect(borrowed.body).toMatchObject({ detail: CONVERSATION_NOT_FOUND_TEXT });

    const otherLink = (await shareAssistant(t, owner, assistantId)).shareToken.token as string;
    const elsewhere = await visitor(t, 'cart-added', { token: otherLink, ...shopper, ...added });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ detail: CONVERSATION_NOT_FOUND_TEXT });

    expect(await recordedFor(shopper.sharedThreadId)).toEqual([]);
    expect(await recordedFor(stranger.sharedThreadId)).toEqual([]);
  });

  it('refuses malformed bodies with 400, recording nothing', async () => {
    const shopper = await newVisitor();
    const base = { token, ...shopper, ...added };
    const bad: Record<string, unknown>[] = [
      { ...base, variantId: 'gid://shopify/ProductVariant/1' },
      { ...base, variantId: '' },
      { ...base, variantId: 44012345678901 },
      { ...base, quantity: 0 },
      { ...base, quantity: 100 },
      { ...base, quantity: 1.5 },
      { ...base, productTitle: '   ' },
      { ...base, productTitle: 'x'.repeat(501) },
      { ...base, sharedThreadId: 'not-a-uuid' },
      { ...base, visitorToken: undefined },
      { ...base, token: undefined },
    ];
    for (const body of bad) {
      const res = await visitor(t, 'cart-added', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await recordedFor(shopper.sharedThreadId)).toEqual([]);
  });

  it('throttles a visitor who reports too often, like their other calls', async () => {
    const shopper = await newVisitor();
    for (let call = 0; call < READ_LIMIT; call++) {
      expect((await visitor(t, 'cart-added', { token, ...shopper, ...added })).status).toBe(204);
    }
    const throttled = await visitor(t, 'cart-added', { token, ...shopper, ...added });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(await recordedFor(shopper.sharedThreadId)).toHaveLength(READ_LIMIT);
  });
});
