import {
  ORDER_CODE_MAX_TRIES,
  ORDER_LOOKUP_MISSES_PER_STORE_HOUR,
  ORDER_LOOKUP_MISSES_PER_VISITOR,
  ORDER_LOOKUP_VISITOR_WINDOW_MINUTES,
  ORDER_TOOL_NAMES,
} from '@aisle/contracts/commerce';
import type { ModelMessage, ToolSet } from 'ai';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, commerceActions, orderVerifications, shopConnections } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { fakeOrder, gid } from '../../testing/fake-shopify/fake-store-data';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { createTurnContext } from '../turns';
import { listCommerceActions, type OrderToolOutput, orderHelpTools, recordCommerceAction } from './index';

/**
 * The built-in order help against the fake Shopify store (its Admin API validated against Shopify's
 * schema), through the server's own services: who may see an order, the one-time codes, the
 * guessing limits, the store's rules for returns and addresses, the owner's log, and a store that
 * cannot be reached.
 */

const ANN_SHOP = 'ann-boutique.myshopify.com';
const BOB_SHOP = 'bob-outfitters.myshopify.com';
const CARL_SHOP = 'carl-busy.myshopify.com';
const DAVE_SHOP = 'dave-revoked.myshopify.com';
const DAY_MS = 86_400_000;

const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });

let fake: FakeShopify;
let t: TestApp;
let ann: { email: string; assistant: typeof assistants.$inferSelect };
let bob: { email: string; assistant: typeof assistants.$inferSelect };
let carl: { email: string; assistant: typeof assistants.$inferSelect };
let dave: { email: string; assistant: typeof assistants.$inferSelect };

async function owner(email: string, shop: string) {
  const user = await createVerifiedUser(t, { email });
  await connectShopToAccount(t, fake, user.email, shop);
  await t.services.db
    .update(shopConnections)
    .set({ shopName: `${email.split('@')[0]}'s shop` })
    .where(eq(shopConnections.shopDomain, shop));
  const id = await createAssistant(t, { email: user.email, access: user.access, isStaff: false });
  const [assistant] = await t.services.db.select().from(assistants).where(eq(assistants.id, id));
  return { email: user.email, assistant: assistant as typeof assistants.$inferSelect };
}

let visitors = 0;
/** A fresh asker (a visitor's thread) each time unless one is given. */
const newVisitor = () => `visitor:test-${++visitors}`;

async function toolsOf(who: { email: string; assistant: typeof assistants.$inferSelect }, visitorKey = newVisitor()) {
  return orderHelpTools(createTurnContext(t.services), logger, {
    assistant: who.assistant,
    ownerEmail: who.email,
    visitorKey,
    sharedThreadId: null,
  });
}

const said = (text: string): ModelMessage[] => [{ role: 'user', content: text }];

async function call(tools: ToolSet, name: string, args: Record<string, unknown>, messages = said('Where is my order?')) {
  const execute = tools[name]?.execute;
  if (!execute) throw new Error(`no tool ${name}`);
  return (await execute(args, { toolCallId: `call-${name}`, messages, context: undefined })) as OrderToolOutput;
}

/** The Admin API calls the fake store answered for a shop so far. */
const graphqlCalls = (shop: string) => fake.calls.filter((c) => c.kind === 'graphql' && c.shop === shop).length;

const mailsTo = (address: string) => t.mails.filter((mail) => mail.to === address);
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;

/** An order of Ann's shop delivered `daysAgo` days ago, placed with `email`. */
function deliveredOrder(shop: string, id: number, email: string, daysAgo: number) {
  const delivered = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  return fake.upsertOrder(
    shop,
    fakeOrder(id, {
      email,
      phone: '+447700900123',
      createdAt: new Date(Date.now() - (daysAgo + 3) * DAY_MS).toISOString(),
      lineItems: [
        { id: gid('LineItem', id * 100 + 1), title: 'Merino Sweater No. 1', quantity: 2, sku: 'MER-SWE-1' },
        { id: gid('LineItem', id * 100 + 2), title: 'Wool Beanie No. 1', quantity: 1, sku: 'WOO-BEA-1' },
      ],
      fulfillments: [
        {
          id: gid('Fulfillment', id),
          status: 'SUCCESS',
          displayStatus: 'DELIVERED',
          createdAt: new Date(Date.now() - (daysAgo + 2) * DAY_MS).toISOString(),
          deliveredAt: delivered,
          trackingInfo: [{ company: 'Royal Mail', number: `RM${id}GB`, url: `https://track.example/RM${id}GB` }],
          lineItems: [
            { id: gid('FulfillmentLineItem', id * 100 + 1), lineItemId: gid('LineItem', id * 100 + 1), quantity: 2 },
            { id: gid('FulfillmentLineItem', id * 100 + 2), lineItemId: gid('LineItem', id * 100 + 2), quantity: 1 },
          ],
        },
      ],
    }),
  );
}

beforeAll(async () => {
  fake = await startFakeShopify({ products: 2 });
  t = await createTestApp(shopifyEnv(fake), { logger });
  ann = await owner('ann@boutique.test', ANN_SHOP);
  bob = await owner('bob@outfitters.test', BOB_SHOP);
  carl = await owner('carl@busy.test', CARL_SHOP);
  dave = await owner('dave@revoked.test', DAVE_SHOP);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('order status', () => {
  it('gives the status and tracking to whoever gives the order number and its e-mail', async () => {
    const tools = await toolsOf(ann);
    expect(Object.keys(tools).sort()).toEqual(Object.values(ORDER_TOOL_NAMES).sort());
    const answer = await call(tools, 'order_status', { orderNumber: ' 1001 ', contact: '  ann@EXAMPLE.com ' });
    expect(answer).toEqual({
      outcome: 'status',
      order: {
        name: '#1001',
        placedAt: '2026-11-01T10:00:00Z',
        financialStatus: 'PAID',
        fulfillmentStatus: 'FULFILLED',
        cancelled: false,
        items: [{ title: 'Linen Shirt No. 1', quantity: 1 }],
        tracking: [{ status: 'DELIVERED', company: 'DHL', number: 'JD0001', url: 'https://dhl.example/JD0001' }],
      },
    });
    const [logged] = await listCommerceActions(t.services.db, ann.email);
    expect(logged).toMatchObject({ kind: 'order_status', ok: true, outcome: 'status', orderName: '#1001', shopDomain: ANN_SHOP });
    expect(logged?.detail).toEqual({ fulfillmentStatus: 'FULFILLED', trackingNumbers: ['JD0001'] });
  });

  it('answers a wrong e-mail exactly as an order that does not exist, after the same single call to the store', async () => {
    const tools = await toolsOf(ann);
    const before = graphqlCalls(ANN_SHOP);
    const wrongEmail = await call(tools, 'order_status', { orderNumber: '#1001', contact: 'mallory@example.com' });
    const afterWrong = graphqlCalls(ANN_SHOP);
    const noOrder = await call(tools, 'order_status', { orderNumber: '#9999', contact: 'ann@example.com' });
    expect(wrongEmail).toEqual({ outcome: 'not_found' });
    expect(JSON.stringify(noOrder)).toBe(JSON.stringify(wrongEmail));
    expect(afterWrong - before).toBe(1);
    expect(graphqlCalls(ANN_SHOP) - afterWrong).toBe(1);
    // Another order's details never appear for a contact that is close but not the order's.
    for (const contact of ['ann@example.co', 'nn@example.com', '0100101', '555-010-010']) {
      expect(await call(await toolsOf(ann), 'order_status', { orderNumber: '1001', contact })).toEqual({ outcome: 'not_found' });
    }
  });

  it('accepts the phone the order was placed with, with or without its country code', async () => {
    const tools = await toolsOf(ann);
    for (const contact of ['+1 (555) 010-0101', '555.010.0101', '0015550100101']) {
      expect(await call(tools, 'order_status', { orderNumber: '1001', contact })).toMatchObject({ outcome: 'status' });
    }
    // A Japanese mobile number as shoppers write it at home (trunk 0) matches +81 90….
    expect(await call(tools, 'order_status', { orderNumber: '#1002', contact: '090-1234-5678' })).toMatchObject({
      outcome: 'status',
      order: { name: '#1002', fulfillmentStatus: 'UNFULFILLED', tracking: [] },
    });
  });
});

describe('guessing limits', () => {
  it('stops a visitor after too many lookups that matched nothing, before asking the store', async () => {
    const visitor = newVisitor();
    const tools = await toolsOf(carl, visitor);
    for (let miss = 0; miss < ORDER_LOOKUP_MISSES_PER_VISITOR; miss++) {
      expect(await call(tools, 'order_status', { orderNumber: `${2000 + miss}`, contact: 'guess@example.com' })).toEqual({
        outcome: 'not_found',
      });
    }
    const before = graphqlCalls(CARL_SHOP);
    // Even the right details wait now: the limit does not tell a right guess from a wrong one.
    const limited = await call(tools, 'order_status', { orderNumber: '1001', contact: 'ann@example.com' });
    expect(limited).toEqual({ outcome: 'rate_limited', retryAfterMinutes: expect.any(Number) });
    const minutes = (limited as { retryAfterMinutes: number }).retryAfterMinutes;
    expect(minutes).toBeGreaterThanOrEqual(ORDER_LOOKUP_VISITOR_WINDOW_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(ORDER_LOOKUP_VISITOR_WINDOW_MINUTES);
    // The actions are limited too, and nothing reached the store.
    expect(await call(tools, 'start_return', { orderNumber: '1001', contact: 'ann@example.com' })).toMatchObject({
      outcome: 'rate_limited',
    });
    expect(graphqlCalls(CARL_SHOP)).toBe(before);
    // Another visitor of the same shop is not held back.
    expect(await call(await toolsOf(carl), 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toMatchObject({
      outcome: 'status',
    });
    const mine = await t.services.db
      .select()
      .from(commerceActions)
      .where(and(eq(commerceActions.visitorKey, visitor), eq(commerceActions.outcome, 'rate_limited')));
    expect(mine.map((row) => row.kind).sort()).toEqual(['order_status', 'return_started']);
  });

  it('stops every visitor of a shop after too many misses in an hour across visitors', async () => {
    const other = await owner('erin@crowded.test', 'erin-crowded.myshopify.com');
    for (let miss = 0; miss < ORDER_LOOKUP_MISSES_PER_STORE_HOUR; miss++) {
      await recordCommerceAction(t.services.db, {
        ownerEmail: other.email,
        kind: 'order_status',
        ok: false,
        outcome: 'not_found',
        assistantId: other.assistant.id,
        sharedThreadId: null,
        // Many visitors, each under their own limit.
        visitorKey: `visitor:crowd-${miss % 30}`,
        shopDomain: 'erin-crowded.myshopify.com',
        orderName: `#${3000 + miss}`,
      });
    }
    const before = graphqlCalls('erin-crowded.myshopify.com');
    const answer = await call(await toolsOf(other), 'order_status', { orderNumber: '1001', contact: 'ann@example.com' });
    expect(answer).toEqual({ outcome: 'rate_limited', retryAfterMinutes: expect.any(Number) });
    expect(graphqlCalls('erin-crowded.myshopify.com')).toBe(before);
    // Misses at another shop do not count here.
    expect(await call(await toolsOf(bob), 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toMatchObject({
      outcome: 'status',
    });
  });
});

describe('one-time codes', () => {
  it('mails a code to the order’s own e-mail, counts wrong codes, and starts the return only with the right one', async () => {
    const order = deliveredOrder(ANN_SHOP, 5010, 'dana@example.com', 3);
    const tools = await toolsOf(ann);
    // The shopper identifies with the order's phone; the code still goes to the order's e-mail, in their language.
    const asked = { orderNumber: '#1010', contact: '+44 7700 900123', reason: 'Too small' };
    const japanese = said('注文1010を返品したいです');
    const sent = await call(tools, 'start_return', asked, japanese);
    expect(sent).toEqual({ outcome: 'code_sent', sentTo: 'd•••@example.com' });
    const [mail] = mailsTo('dana@example.com');
    expect(mail?.subject).toBe('ご注文#1010の確認コード');
    // The shop by the name Shopify gives it (once the catalog sync has read it), else by its domain.
    expect(mail?.text).toMatch(/ann boutique|ann-boutique\.myshopify\.com/);
    const code = codeIn(mail?.text ?? '');
    expect(code).toMatch(/^\d{6}$/);
    expect(order.returns).toEqual([]);

    // Only its hash is kept; neither the log nor the answer has the code.
    const [stored] = await t.services.db.select().from(orderVerifications).where(eq(orderVerifications.orderId, order.id));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await call(tools, 'start_return', { ...asked, code: wrong }, japanese)).toEqual({
      outcome: 'code_wrong',
      triesLeft: ORDER_CODE_MAX_TRIES - 1,
    });
    expect(order.returns).toEqual([]);

    const done = await call(tools, 'start_return', { ...asked, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }, japanese);
    expect(done).toMatchObject({ outcome: 'done', action: 'return', returnName: '#1010-R1', order: { name: '#1010' } });
    expect(order.returns).toEqual([
      {
        id: expect.any(String),
        name: '#1010-R1',
        status: 'REQUESTED',
        lines: [
          { fulfillmentLineItemId: gid('FulfillmentLineItem', 501001), quantity: 2, customerNote: 'Too small' },
          { fulfillmentLineItemId: gid('FulfillmentLineItem', 501002), quantity: 1, customerNote: 'Too small' },
        ],
      },
    ]);
    const log = await t.services.db
      .select()
      .from(commerceActions)
      .where(eq(commerceActions.orderName, '#1010'))
      .orderBy(asc(commerceActions.createdAt));
    expect(log.map((row) => row.outcome)).toEqual(['code_sent', 'code_wrong', 'done']);
    expect(JSON.stringify(log)).not.toContain(code);
    expect(log.at(-1)).toMatchObject({ kind: 'return_started', ok: true, detail: { returnName: '#1010-R1', items: 3 } });

    // Verified in this thread for a while: no new code for the next action, and nothing left to return.
    expect(await call(tools, 'start_return', asked)).toEqual({ outcome: 'not_possible', reason: 'already_returned' });
    expect(mailsTo('dana@example.com')).toHaveLength(1);
  });

  it('refuses an expired code and sends a new one when asked again', async () => {
    deliveredOrder(ANN_SHOP, 5011, 'eve@example.com', 2);
    const tools = await toolsOf(ann);
    const asked = { orderNumber: '1011', contact: 'eve@example.com' };
    expect(await call(tools, 'resend_order_confirmation', asked)).toMatchObject({ outcome: 'code_sent' });
    const code = codeIn(mailsTo('eve@example.com')[0]?.text ?? '');
    await t.services.db
      .update(orderVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderVerifications.orderName, '#1011'));
    expect(await call(tools, 'resend_order_confirmation', { ...asked, code })).toEqual({ outcome: 'code_expired' });
    expect(fake.orderNamed(ANN_SHOP, '#1011')?.invoicesSent).toEqual([]);

    expect(await call(tools, 'resend_order_confirmation', asked)).toMatchObject({ outcome: 'code_sent' });
    const fresh = codeIn(mailsTo('eve@example.com')[1]?.text ?? '');
    expect(mailsTo('eve@example.com')[1]?.subject).toBe('Your verification code for order #1011');
    expect(await call(tools, 'resend_order_confirmation', { ...asked, code: fresh })).toMatchObject({
      outcome: 'done',
      action: 'confirmation',
    });
    expect(fake.orderNamed(ANN_SHOP, '#1011')?.invoicesSent).toEqual([{ to: 'eve@example.com' }]);
  });

  it('ends a code after too many wrong tries, even for the right code', async () => {
    const order = deliveredOrder(ANN_SHOP, 5012, 'finn@example.com', 1);
    const tools = await toolsOf(ann);
    const asked = { orderNumber: '1012', contact: 'finn@example.com' };
    expect(await call(tools, 'start_return', asked)).toMatchObject({ outcome: 'code_sent' });
    const code = codeIn(mailsTo('finn@example.com')[0]?.text ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = ORDER_CODE_MAX_TRIES - 1; left > 0; left--) {
      expect(await call(tools, 'start_return', { ...asked, code: wrong })).toEqual({ outcome: 'code_wrong', triesLeft: left });
    }
    expect(await call(tools, 'start_return', { ...asked, code: wrong })).toEqual({ outcome: 'too_many_tries' });
    expect(await call(tools, 'start_return', { ...asked, code })).toEqual({ outcome: 'too_many_tries' });
    expect(order.returns).toEqual([]);
  });

  it('verifies an asker, not an order: another visitor with the same details needs their own code', async () => {
    deliveredOrder(ANN_SHOP, 5013, 'gus@example.com', 1);
    const first = await toolsOf(ann);
    const asked = { orderNumber: '1013', contact: 'gus@example.com' };
    await call(first, 'resend_order_confirmation', asked);
    const code = codeIn(mailsTo('gus@example.com')[0]?.text ?? '');
    expect(await call(first, 'resend_order_confirmation', { ...asked, code })).toMatchObject({ outcome: 'done' });
    // The code worked once, for that thread; someone else who read it cannot use it.
    const second = await toolsOf(ann);
    expect(await call(second, 'resend_order_confirmation', { ...asked, code })).toMatchObject({ outcome: 'code_sent' });
    expect(fake.orderNamed(ANN_SHOP, '#1013')?.invoicesSent).toHaveLength(1);
  });
});

describe('the store’s rules', () => {
  it('refuses a return outside the store’s return window before any code is sent', async () => {
    const order = deliveredOrder(ANN_SHOP, 5020, 'hana@example.com', 40);
    const asked = { orderNumber: '1020', contact: 'hana@example.com' };
    expect(await call(await toolsOf(ann), 'start_return', asked)).toEqual({ outcome: 'not_possible', reason: 'outside_return_window' });
    expect(mailsTo('hana@example.com')).toHaveLength(0);

    // The store's own rules decide: with a 60-day window the same order may be returned.
    const content = fake.shop(ANN_SHOP).content;
    const rules = content.returnRules;
    content.returnRules = { canAcceptReturns: true, returnWindowDays: 60, returnWindowStartingFrom: 'ITEM_DELIVERY_DATE' };
    try {
      expect(await call(await toolsOf(ann), 'start_return', asked)).toMatchObject({ outcome: 'code_sent' });
      // Without access to the store's rules, the configured window (30 days) applies.
      const installation = fake.shop(ANN_SHOP).installation;
      installation.scopes = installation.scopes.filter((scope) => scope !== 'read_legal_policies');
      try {
        expect(await call(await toolsOf(ann), 'start_return', asked)).toEqual({ outcome: 'not_possible', reason: 'outside_return_window' });
      } finally {
        installation.scopes.push('read_legal_policies');
      }
    } finally {
      content.returnRules = rules;
    }
    // Nor can a cancelled order be returned.
    expect(await call(await toolsOf(ann), 'start_return', { orderNumber: '1003', contact: 'cat@example.com' })).toEqual({
      outcome: 'not_possible',
      reason: 'cancelled',
    });
    expect(order.returns).toEqual([]);
  });

  it('changes the address of an order not yet shipped, after the code, and refuses one that has shipped', async () => {
    const tools = await toolsOf(ann);
    const address = {
      address1: '4-5-6 Shibuya',
      address2: 'Room 701',
      city: 'Shibuya-ku',
      province: 'Tokyo',
      zip: '150-0002',
      country: 'Japan',
    };
    const shipped = await call(tools, 'change_shipping_address', { orderNumber: '1001', contact: 'ann@example.com', address });
    expect(shipped).toEqual({ outcome: 'not_possible', reason: 'already_fulfilled' });
    expect(mailsTo('Ann@Example.com')).toHaveLength(0);

    const asked = { orderNumber: '1002', contact: 'ben@example.jp', address };
    expect(await call(tools, 'change_shipping_address', asked, said('住所を変更したい'))).toEqual({
      outcome: 'code_sent',
      sentTo: 'b•••@example.jp',
    });
    expect(fake.orderNamed(ANN_SHOP, '#1002')?.shippingAddress?.address1).toBe('1-2-3 Jingumae');
    const code = codeIn(mailsTo('ben@example.jp')[0]?.text ?? '');
    expect(await call(tools, 'change_shipping_address', { ...asked, code })).toMatchObject({
      outcome: 'done',
      action: 'address',
      order: { name: '#1002' },
    });
    // The new address, to the same person.
    expect(fake.orderNamed(ANN_SHOP, '#1002')?.shippingAddress).toMatchObject({
      firstName: 'Ben',
      lastName: 'Sato',
      address1: '4-5-6 Shibuya',
      address2: 'Room 701',
      city: 'Shibuya-ku',
      province: 'Tokyo',
      zip: '150-0002',
      countryCodeV2: 'JP',
    });
    // The owner's log says where, roughly, never the street.
    const [logged] = await listCommerceActions(t.services.db, ann.email);
    expect(logged).toMatchObject({ kind: 'address_changed', ok: true, detail: { city: 'Shibuya-ku', countryCode: 'JP' } });
    expect(JSON.stringify(logged)).not.toContain('Shibuya 4-5-6');
    expect(JSON.stringify(logged)).not.toContain('4-5-6');
  });
});

describe('owner controls and scope', () => {
  it('offers only the actions the owner left on, and nothing without a connected store', async () => {
    const only = async (orderHelp: unknown) =>
      Object.keys(
        await orderHelpTools(createTurnContext(t.services), logger, {
          assistant: { ...ann.assistant, orderHelp },
          ownerEmail: ann.email,
          visitorKey: newVisitor(),
          sharedThreadId: null,
        }),
      ).sort();
    expect(await only(null)).toEqual(['change_shipping_address', 'order_status', 'resend_order_confirmation', 'start_return']);
    expect(await only({ status: true, returns: false, addressChange: true, resendConfirmation: true })).toEqual([
      'change_shipping_address',
      'order_status',
      'resend_order_confirmation',
    ]);
    expect(await only({ status: false, returns: true, addressChange: false, resendConfirmation: false })).toEqual(['start_return']);
    expect(await only({ addressChange: false })).toEqual(['order_status', 'resend_order_confirmation', 'start_return']);
    expect(await only({ status: false, returns: false, addressChange: false, resendConfirmation: false })).toEqual([]);

    const loner = await createVerifiedUser(t, { email: 'no-shop@example.test' });
    const id = await createAssistant(t, { email: loner.email, access: loner.access, isStaff: false });
    const [assistant] = await t.services.db.select().from(assistants).where(eq(assistants.id, id));
    expect(
      await orderHelpTools(createTurnContext(t.services), logger, {
        assistant: assistant as typeof assistants.$inferSelect,
        ownerEmail: loner.email,
        visitorKey: newVisitor(),
        sharedThreadId: null,
      }),
    ).toEqual({});
  });

  it('keeps each owner’s log to that owner', async () => {
    await call(await toolsOf(bob), 'order_status', { orderNumber: '1001', contact: 'nobody@example.com' });
    const bobs = await listCommerceActions(t.services.db, bob.email, { limit: 500 });
    const anns = await listCommerceActions(t.services.db, ann.email, { limit: 500 });
    expect(bobs.length).toBeGreaterThan(0);
    expect(anns.length).toBeGreaterThan(0);
    expect(bobs.every((row) => row.ownerEmail === bob.email && row.shopDomain === BOB_SHOP)).toBe(true);
    expect(anns.every((row) => row.ownerEmail === ann.email && row.shopDomain === ANN_SHOP)).toBe(true);
    // Naming another owner's thread finds nothing of theirs.
    const annThread = anns.find((row) => row.visitorKey)?.sharedThreadId ?? '00000000-0000-4000-8000-000000000000';
    expect(await listCommerceActions(t.services.db, bob.email, { sharedThreadId: annThread })).toEqual([]);
  });
});

describe('a store that cannot be reached', () => {
  it('answers unavailable while Shopify throttles or fails, with a log line', async () => {
    const tools = await toolsOf(carl);
    fake.failNext({ status: 429, retryAfter: '0' }, { status: 429, retryAfter: '0' }, { status: 429, retryAfter: '0' });
    expect(await call(tools, 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toEqual({ outcome: 'unavailable' });
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    expect(await call(tools, 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toEqual({ outcome: 'unavailable' });
    expect(logLines.filter((line) => line.includes('order help: the store could not be reached'))).toHaveLength(2);
    // It does not count as a guess.
    expect(await call(tools, 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toMatchObject({ outcome: 'status' });
  });

  it('answers unavailable when Shopify refuses the token, marks the store for reconnection, and stops offering the tools', async () => {
    const tools = await toolsOf(dave);
    fake.revokeTokens(DAVE_SHOP);
    expect(await call(tools, 'order_status', { orderNumber: '1001', contact: 'ann@example.com' })).toEqual({ outcome: 'unavailable' });
    const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, DAVE_SHOP));
    expect(connection?.reauthorizeRequiredAt).toBeInstanceOf(Date);
    expect(logLines.some((line) => line.includes('order help: Shopify refused the store’s token'))).toBe(true);
    expect(await toolsOf(dave)).toEqual({});
    const [logged] = await listCommerceActions(t.services.db, dave.email);
    expect(logged).toMatchObject({ outcome: 'unavailable', ok: false, detail: { why: 'reauthorize' } });
  });
});
