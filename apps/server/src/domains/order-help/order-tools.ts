import {
  type CommerceActionKind,
  ORDER_CODE_LENGTH,
  ORDER_CODE_TTL_MINUTES,
  ORDER_TOOL_NAMES,
  type OrderHelpAction,
  type OrderNotPossibleReason,
  type OrderSummary,
} from '@aisle/contracts/commerce';
import { type ModelMessage, type ToolSet, tool } from 'ai';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { assistants } from '../../db/schema';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import type { Mailer } from '../../lib/mailer';
import { adminApiContext, getConnectionByShop, ShopReauthorizeError } from '../shopify';
import { codeMail, mailLanguageOf, maskEmail } from './code-mail';
import { recordCommerceAction } from './commerce-actions';
import { countryCodeOf } from './country-code';
import { guessingLimit } from './guess-limits';
import { enabledActions, orderHelpSettingsOf } from './order-help-settings';
import { forgetOwnerShops, type OwnerShop, ownerShops, shopForAssistant } from './owner-shops';
import { returnEligibility } from './return-window';
import {
  bareOrderNumber,
  changeShippingAddress,
  contactMatches,
  type OrderCall,
  orderByNumber,
  orderSummaryOf,
  requestReturn,
  resendOrderEmail,
  returnableLines,
  type ShopOrder,
  storeReturnRules,
} from './shop-orders';
import { checkCode, createCode, type VerificationScope, withdrawCode } from './verification';

/** Who is asking, for the code verification and the guessing limits. */
export interface OrderHelpAsker {
  /** A digest naming the asker: the shared thread (a visitor, a channel customer) or the owner's thread. */
  visitorKey: string;
  /** The visitor's or channel customer's thread; null in the owner's own chat. */
  sharedThreadId: string | null;
}

export interface OrderHelpToolsInput extends OrderHelpAsker {
  assistant: typeof assistants.$inferSelect;
  ownerEmail: string;
}

/** What the order help works with: a turn's context (turns' TurnContext) is one. */
export interface OrderHelpContext {
  db: Db;
  env: Env;
  events: EventBus;
  /** Mails the one-time codes; without it the actions that need a code answer `unavailable`. */
  mailer?: Mailer;
}

type NotPossibleReason = OrderNotPossibleReason;

/** What an order tool answers (contracts' orderToolOutcomes): the model reads it, the owner sees it in the thread. */
export type OrderToolOutput =
  | { outcome: 'not_found' }
  | { outcome: 'rate_limited'; retryAfterMinutes: number }
  | { outcome: 'unavailable' }
  | { outcome: 'status'; order: OrderSummary }
  | { outcome: 'code_sent'; sentTo: string }
  | { outcome: 'code_wrong'; triesLeft: number }
  | { outcome: 'code_expired' }
  | { outcome: 'too_many_tries' }
  | { outcome: 'done'; action: 'return' | 'address' | 'confirmation'; order: OrderSummary; returnName?: string }
  | { outcome: 'not_possible'; reason: NotPossibleReason };

const KIND_OF: Record<OrderHelpAction, CommerceActionKind> = {
  status: 'order_status',
  returns: 'return_started',
  addressChange: 'address_changed',
  resendConfirmation: 'confirmation_resent',
};

/** An order can take a new address while nothing of it has gone to fulfilment (Shopify's display statuses). */
const ADDRESS_CHANGEABLE = new Set(['UNFULFILLED', 'OPEN', 'ON_HOLD', 'SCHEDULED']);

// ── The tools as the model sees them ───────────────────────────────────────────────────────────

const orderNumberField = z
  .string()
  .regex(/^\s*#?[A-Za-z0-9-]{1,20}\s*$/, 'an order number such as #1001')
  .describe('The order number exactly as the shopper gave it, e.g. "#1001" or "1001". Never guess it.');
const contactField = z
  .string()
  .min(3)
  .max(254)
  .describe('The e-mail address or phone number the order was placed with, exactly as the shopper gave it. Never guess it.');
const codeField = z
  .string()
  .max(20)
  .nullish()
  .describe(
    `The ${ORDER_CODE_LENGTH}-digit code the shopper received by e-mail. Leave it out on the first call; include it only once the shopper has typed it in the chat.`,
  );

const lookupInput = z.object({ orderNumber: orderNumberField, contact: contactField });
const returnInput = lookupInput.extend({
  code: codeField,
  reason: z.string().max(300).nullish().describe("Why the shopper is returning the items, in the shopper's words (optional)."),
});
const addressInput = lookupInput.extend({
  code: codeField,
  address: z
    .object({
      address1: z.string().min(1).max(255).describe('Street and house number'),
      address2: z.string().max(255).nullish().describe('Apartment, suite, building (optional)'),
      city: z.string().min(1).max(100),
      province: z.string().max(100).nullish().describe('State, prefecture or province, where the country has them'),
      zip: z.string().min(1).max(20).describe('Postal code'),
      country: z
        .string()
        .min(2)
        .max(60)
        .refine((value) => countryCodeOf(value) !== null, 'a country: its two-letter code (JP, US) or its name')
        .describe('The country: its two-letter code (JP, US) or its name'),
    })
    .describe('The complete new delivery address, as the shopper gave it'),
});
const resendInput = lookupInput.extend({ code: codeField });

const ANSWERS = `Answers: not_found means no order matches that number AND that e-mail or phone: say so without suggesting which one is wrong, and ask the shopper to check both. rate_limited: too many tries; ask them to try again after retryAfterMinutes. unavailable: the store cannot be reached right now; apologise and offer to pass them to a person.`;
const CODE_STEPS = `Before it acts it checks that the shopper can read the order's e-mail: the first call (without code) e-mails a ${ORDER_CODE_LENGTH}-digit code to the address the order was placed with and answers code_sent (sentTo shows that address masked); tell the shopper to look there and type the code, then call again with the same orderNumber, contact and the code. code_wrong: the code did not match (triesLeft more tries). code_expired or too_many_tries: that code can no longer be used; call again without a code to send a new one. Codes last ${ORDER_CODE_TTL_MINUTES} minutes. Never invent or repeat a code the shopper has not typed.`;

const DESCRIPTIONS: Record<OrderHelpAction, string> = {
  status: `Looks up one of this shop's orders for the person who placed it: payment and fulfilment status, items, and tracking (carrier, tracking number, tracking link). Before calling, ask the shopper for BOTH the order number (e.g. #1001) and the e-mail address or phone number the order was placed with; never guess them or take them from anyone else. On status, tell them where the order is and give the tracking link. ${ANSWERS}`,
  returns: `Starts a return of the shopper's order: asks the store to take back every item that can still be returned under the store's return window (the store then approves it and sends instructions by e-mail). Needs the order number and the e-mail or phone the order was placed with, from the shopper. ${CODE_STEPS} done: the return was requested (returnName names it). not_possible: reason outside_return_window (too late for the store's return window), already_returned, not_fulfilled (nothing was shipped yet) or cancelled. ${ANSWERS}`,
  addressChange: `Changes the delivery address of the shopper's order, only while nothing of it has shipped. Needs the order number, the e-mail or phone the order was placed with, and the complete new address (street, city, postal code, country; state or province where the country has them): ask for whatever is missing before calling. ${CODE_STEPS} done: the order now ships to the new address. not_possible: reason already_fulfilled (it has shipped; too late to change) or cancelled. ${ANSWERS}`,
  resendConfirmation: `Sends the order's confirmation e-mail (the order's details) again to the e-mail address the order was placed with, never to another address. Needs the order number and the e-mail or phone the order was placed with, from the shopper. ${CODE_STEPS} done: the e-mail was sent. ${ANSWERS}`,
};

/**
 * The built-in order tools of a turn, for an assistant whose owner has a connected, authorised
 * Shopify store: one per action the owner left on (`assistants.order_help`). Answers {} quickly
 * otherwise: the settings are on the assistant row the turn already has, and the owner's shops are
 * remembered (owner-shops.ts), so an owner without a store costs a turn no query most of the time.
 */
export async function orderHelpTools(ctx: OrderHelpContext, logger: Logger, input: OrderHelpToolsInput): Promise<ToolSet> {
  const actions = enabledActions(orderHelpSettingsOf(input.assistant.orderHelp));
  if (!actions.length) return {};
  let shop: OwnerShop | undefined;
  try {
    shop = shopForAssistant(await ownerShops(ctx.db, input.ownerEmail), input.assistant.id);
  } catch (err) {
    // The turn goes on without order tools rather than failing over them.
    logger.warn({ err }, 'order help: the owner’s shops could not be read');
    return {};
  }
  if (!shop) return {};
  const run: ToolRun = { ctx, logger, input, shop };
  const tools: ToolSet = {};
  for (const action of actions) tools[ORDER_TOOL_NAMES[action]] = toolFor(run, action);
  return tools;
}

interface ToolRun {
  ctx: OrderHelpContext;
  logger: Logger;
  input: OrderHelpToolsInput;
  shop: OwnerShop;
}

interface ToolArgs {
  orderNumber: string;
  contact: string;
  code?: string | null;
  reason?: string | null;
  address?: z.infer<typeof addressInput>['address'];
}

function toolFor(run: ToolRun, action: OrderHelpAction) {
  const execute = (args: ToolArgs, options: { messages: ModelMessage[]; abortSignal?: AbortSignal }) =>
    runOrderTool(run, action, args, options);
  switch (action) {
    case 'status':
      return tool({ description: DESCRIPTIONS.status, inputSchema: lookupInput, execute });
    case 'returns':
      return tool({ description: DESCRIPTIONS.returns, inputSchema: returnInput, execute });
    case 'addressChange':
      return tool({ description: DESCRIPTIONS.addressChange, inputSchema: addressInput, execute });
    case 'resendConfirmation':
      return tool({ description: DESCRIPTIONS.resendConfirmation, inputSchema: resendInput, execute });
  }
}

// ── One call ───────────────────────────────────────────────────────────────────────────────────

/** "#1001" for the log, whatever the shopper typed around it. */
const displayName = (orderNumber: string) => `#${bareOrderNumber(orderNumber).toUpperCase()}`;

/**
 * One order tool call: the guessing limits first (before Shopify is asked), then the order by its
 * number, shown only when the contact is the order's own, then the action's own checks, the code,
 * and the action. Every call is recorded for the owner (commerce_actions), and no failure of the
 * store escapes as an error: it answers `unavailable`, with a log line.
 */
async function runOrderTool(
  run: ToolRun,
  action: OrderHelpAction,
  args: ToolArgs,
  options: { messages: ModelMessage[]; abortSignal?: AbortSignal },
): Promise<OrderToolOutput> {
  const { ctx, logger, input, shop } = run;
  const orderName = displayName(args.orderNumber);
  const finish = async (output: OrderToolOutput, detail: Record<string, unknown> | null = null): Promise<OrderToolOutput> => {
    try {
      await recordCommerceAction(ctx.db, {
        ownerEmail: input.ownerEmail,
        kind: KIND_OF[action],
        ok: output.outcome === 'status' || output.outcome === 'done',
        outcome: output.outcome,
        assistantId: input.assistant.id,
        sharedThreadId: input.sharedThreadId,
        visitorKey: input.visitorKey,
        shopDomain: shop.shopDomain,
        orderName,
        detail,
      });
    } catch (err) {
      logger.error({ err, shop: shop.shopDomain }, 'order help: the action could not be recorded');
    }
    return output;
  };
  try {
    const wait = await guessingLimit(ctx.db, { ownerEmail: input.ownerEmail, visitorKey: input.visitorKey, shopDomain: shop.shopDomain });
    if (wait !== null) return finish({ outcome: 'rate_limited', retryAfterMinutes: wait }, { retryAfterMinutes: wait });
    const connection = await getConnectionByShop(ctx.db, shop.shopDomain);
    if (
      !connection ||
      connection.ownerEmail !== input.ownerEmail ||
      connection.uninstalledAt ||
      connection.reauthorizeRequiredAt ||
      !connection.accessToken
    ) {
      forgetOwnerShops(ctx.db, input.ownerEmail);
      logger.warn({ shop: shop.shopDomain }, 'order help: the store is no longer connected');
      return finish({ outcome: 'unavailable' }, { why: 'store_disconnected' });
    }
    const call: OrderCall = { admin: adminApiContext({ ...ctx, logger }), connection, signal: options.abortSignal };
    const order = await orderByNumber(call, args.orderNumber);
    // A wrong contact answers exactly as no order does (the same one Shopify call was made either way).
    if (!order || !contactMatches(order, args.contact)) {
      return finish({ outcome: 'not_found' }, { contact: args.contact.includes('@') ? 'email' : 'phone' });
    }
    const summary = orderSummaryOf(order);
    if (action === 'status') {
      return finish(
        { outcome: 'status', order: summary },
        { fulfillmentStatus: summary.fulfillmentStatus, trackingNumbers: summary.tracking.flatMap((t) => (t.number ? [t.number] : [])) },
      );
    }
    const gate = (checked: () => Promise<OrderToolOutput>) =>
      verifiedThen(run, order, connection.shopName ?? shop.shopDomain, args, options.messages, checked, finish);
    if (action === 'returns') {
      if (order.cancelledAt) return finish({ outcome: 'not_possible', reason: 'cancelled' }, { reason: 'cancelled' });
      const [returnable, rules] = await Promise.all([returnableLines(call, order.id), storeReturnRules(call)]);
      const eligible = returnEligibility(order, returnable, rules, ctx.env.ORDER_RETURN_WINDOW_DAYS);
      if (!eligible.ok) return finish({ outcome: 'not_possible', reason: eligible.reason }, { reason: eligible.reason });
      return gate(async () => {
        const requested = await requestReturn(call, { orderId: order.id, lines: eligible.lines, note: args.reason ?? null });
        if (requested.ok) {
          const items = eligible.lines.reduce((sum, line) => sum + line.quantity, 0);
          return finish(
            { outcome: 'done', action: 'return', order: summary, returnName: requested.returnName },
            { returnName: requested.returnName, returnId: requested.returnId, items },
          );
        }
        // Another return took these items between the check and the request.
        if (requested.code === 'ALREADY_EXISTS' || requested.code === 'INVALID_STATE') {
          return finish({ outcome: 'not_possible', reason: 'already_returned' }, { reason: 'already_returned' });
        }
        logger.warn({ shop: shop.shopDomain, errors: requested.messages }, 'order help: Shopify refused the return request');
        return finish({ outcome: 'unavailable' }, { why: 'refused' });
      });
    }
    if (action === 'addressChange') {
      if (order.cancelledAt) return finish({ outcome: 'not_possible', reason: 'cancelled' }, { reason: 'cancelled' });
      if (order.fulfillments.length || !ADDRESS_CHANGEABLE.has(order.displayFulfillmentStatus ?? '')) {
        return finish({ outcome: 'not_possible', reason: 'already_fulfilled' }, { reason: 'already_fulfilled' });
      }
      const address = args.address;
      const countryCode = address ? countryCodeOf(address.country) : null;
      if (!address || !countryCode) return finish({ outcome: 'unavailable' }, { why: 'no_address' });
      return gate(async () => {
        const refused = await changeShippingAddress(call, order.id, { ...address, countryCode });
        if (refused.length) {
          logger.warn({ shop: shop.shopDomain, errors: refused }, 'order help: Shopify refused the address change');
          return finish({ outcome: 'unavailable' }, { why: 'refused' });
        }
        // Where it goes now, roughly: never the whole address.
        return finish({ outcome: 'done', action: 'address', order: summary }, { city: address.city, countryCode });
      });
    }
    return gate(async () => {
      const refused = await resendOrderEmail(call, order.id, order.email as string);
      if (refused.length) {
        logger.warn({ shop: shop.shopDomain, errors: refused }, 'order help: Shopify refused to send the order e-mail');
        return finish({ outcome: 'unavailable' }, { why: 'refused' });
      }
      return finish({ outcome: 'done', action: 'confirmation', order: summary }, { sentTo: maskEmail(order.email as string) });
    });
  } catch (err) {
    if (err instanceof ShopReauthorizeError) {
      // adminGraphql marked the connection and told the owner; the next turns offer no order tools.
      forgetOwnerShops(ctx.db, input.ownerEmail);
      logger.warn({ shop: shop.shopDomain }, 'order help: Shopify refused the store’s token');
      return finish({ outcome: 'unavailable' }, { why: 'reauthorize' });
    }
    logger.warn({ err, shop: shop.shopDomain }, 'order help: the store could not be reached');
    return finish({ outcome: 'unavailable' }, { why: 'unreachable' });
  }
}

/**
 * The one-time code before an action: a verified asker (a right code for this order in this
 * thread, within ORDER_VERIFIED_MINUTES) goes on to the action; anyone else gets a code mailed to
 * the order's own e-mail (never to an address they typed), or their code's verdict.
 */
async function verifiedThen(
  run: ToolRun,
  order: ShopOrder,
  shopName: string,
  args: ToolArgs,
  messages: ModelMessage[],
  act: () => Promise<OrderToolOutput>,
  finish: (output: OrderToolOutput, detail?: Record<string, unknown> | null) => Promise<OrderToolOutput>,
): Promise<OrderToolOutput> {
  const { ctx, logger, input, shop } = run;
  if (!order.email) {
    // Nowhere to send a code: nobody can prove they placed this order here.
    logger.warn({ shop: shop.shopDomain }, 'order help: the order has no e-mail address to send a code to');
    return finish({ outcome: 'unavailable' }, { why: 'no_email' });
  }
  const scope: VerificationScope = {
    ownerEmail: input.ownerEmail,
    shopDomain: shop.shopDomain,
    orderId: order.id,
    orderName: order.name,
    visitorKey: input.visitorKey,
  };
  const secret = ctx.env.JWT_SECRET;
  const check = await checkCode(ctx.db, secret, scope, args.code ?? undefined);
  if (check.state === 'verified') return act();
  if (check.state === 'wrong') return finish({ outcome: 'code_wrong', triesLeft: check.triesLeft }, { triesLeft: check.triesLeft });
  if (check.state === 'expired') return finish({ outcome: 'code_expired' });
  if (check.state === 'too_many_tries') return finish({ outcome: 'too_many_tries' });
  if (!ctx.mailer) {
    logger.warn({ shop: shop.shopDomain }, 'order help: no mailer to send the code with');
    return finish({ outcome: 'unavailable' }, { why: 'no_mailer' });
  }
  const created = await createCode(ctx.db, secret, scope);
  if (!created) return finish({ outcome: 'too_many_tries' }, { why: 'codes_per_hour' });
  try {
    await ctx.mailer.send(
      codeMail({
        to: order.email,
        language: mailLanguageOf(messages, order.customerLocale),
        code: created.code,
        orderName: order.name,
        shopName,
        minutes: ORDER_CODE_TTL_MINUTES,
      }),
    );
  } catch (err) {
    await withdrawCode(ctx.db, created.id);
    logger.warn({ err, shop: shop.shopDomain }, 'order help: the code could not be mailed');
    return finish({ outcome: 'unavailable' }, { why: 'mail_failed' });
  }
  const sentTo = maskEmail(order.email);
  return finish({ outcome: 'code_sent', sentTo }, { sentTo });
}
