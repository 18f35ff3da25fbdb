import type { OrderSummary } from '@aisle/contracts/commerce';
import { type AdminApiContext, adminGraphql, type ShopConnection } from '../shopify';

/** An Admin GraphQL answer: its data, or Shopify's errors (an access denied, a throttle). */
interface AdminGraphqlResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/*
 * The order help's Admin GraphQL calls (API version SHOPIFY_API_VERSION, 2026-10), each checked
 * against Shopify's reference (shopify.dev/docs/api/admin-graphql/latest):
 * - `orders(query: "name:1001")` (search syntax: shopify.dev/docs/api/usage/search-syntax) reads an
 *   order by its number; `read_orders` sees the last 60 days of orders (`read_all_orders`, granted
 *   on request, sees older ones). `email` and `phone` are protected customer data (level 2).
 * - `returnableFulfillments(orderId:)` (read_orders + read_returns): what can still be returned.
 * - `returnPolicyProfiles(default: true)` (2026-10, read_legal_policies): the store's return rules.
 * - `returnRequest` (write_returns): a return the merchant approves or declines (status REQUESTED).
 * - `orderUpdate(input: {id, shippingAddress})` (write_orders): the new address replaces the old.
 * - `orderInvoiceSend(id, email)` (write_orders): e-mails the order's details to the customer again
 *   (the Admin API has no "resend order confirmation" of its own; this is its documented way).
 */

/** One Admin API call of a tool: a deadline of its own, and Shopify's waits cut short (a shopper is waiting). */
export interface OrderCall {
  admin: AdminApiContext;
  connection: ShopConnection;
  signal?: AbortSignal;
}

const CALL_TIMEOUT_MS = 15_000;
/** adminGraphql waits as long as Shopify asks between tries (up to 10 s); a chat waits at most this. */
const MAX_WAIT_MS = 1_500;

async function call<T>(order: OrderCall, query: string, variables: Record<string, unknown>): Promise<AdminGraphqlResponse<T>> {
  const deadline = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const signal = order.signal ? AbortSignal.any([order.signal, deadline]) : deadline;
  return adminGraphql<T>(
    order.admin,
    order.connection,
    { query, variables },
    { signal, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_WAIT_MS))) },
  );
}

/** Shopify answered, but not with what was asked (an access the app lacks, a field the version does not have). */
export class ShopAnswerError extends Error {
  constructor(
    readonly what: string,
    readonly errors: { message: string; extensions?: Record<string, unknown> }[] | string[],
  ) {
    super(`Shopify refused ${what}: ${errors.map((error) => (typeof error === 'string' ? error : error.message)).join('; ')}`);
  }
}

function dataOf<T>(what: string, response: AdminGraphqlResponse<T>): T {
  if (response.errors?.length || !response.data) throw new ShopAnswerError(what, response.errors ?? ['no data']);
  return response.data;
}

export interface ShopFulfillment {
  status: string;
  displayStatus: string | null;
  createdAt: string;
  deliveredAt: string | null;
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
}

export interface ShopOrder {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  customerLocale: string | null;
  createdAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  returnStatus: string | null;
  lineItems: { nodes: { title: string; quantity: number }[] };
  fulfillments: ShopFulfillment[];
}

const ORDER_LOOKUP = /* GraphQL */ `
  query OrderHelpLookup($search: String!) {
    orders(first: 5, query: $search) {
      nodes {
        id
        name
        email
        phone
        customerLocale
        createdAt
        cancelledAt
        displayFinancialStatus
        displayFulfillmentStatus
        returnStatus
        lineItems(first: 20) { nodes { title quantity } }
        fulfillments(first: 10) {
          status
          displayStatus
          createdAt
          deliveredAt
          trackingInfo(first: 5) { company number url }
        }
      }
    }
  }
`;

/** An order number as shoppers write it: "#1001", "1001", "EU-1001" (what a search term can hold, nothing more). */
export const ORDER_NUMBER_PATTERN = /^#?[A-Za-z0-9-]{1,20}$/;

/** "#1001" and "1001" name the same order; letters in any case. */
export const bareOrderNumber = (orderNumber: string) => orderNumber.trim().replace(/^#/, '').toLowerCase();

/** The order this number names, or null when the shop has none by it. */
export async function orderByNumber(order: OrderCall, orderNumber: string): Promise<ShopOrder | null> {
  const bare = bareOrderNumber(orderNumber);
  if (!ORDER_NUMBER_PATTERN.test(bare)) return null;
  const data = dataOf('the order lookup', await call<{ orders: { nodes: ShopOrder[] } }>(order, ORDER_LOOKUP, { search: `name:${bare}` }));
  // The search may match more loosely than the number: only the exact name counts.
  return data.orders.nodes.find((node) => bareOrderNumber(node.name) === bare) ?? null;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * Whether what the shopper gave is the contact the order was placed with: its e-mail (case and
 * surrounding spaces aside) or its phone, digits only, written with or without the country code
 * ("+81 90-1234-5678", "090-1234-5678", "819012345678"). Never a partial or fuzzy match.
 */
export function contactMatches(order: Pick<ShopOrder, 'email' | 'phone'>, contact: string): boolean {
  const given = contact.trim();
  if (given.includes('@')) return Boolean(order.email) && order.email?.trim().toLowerCase() === given.toLowerCase();
  if (!order.phone) return false;
  // Leading zeros: a trunk prefix ("090…") or an international one ("0081…").
  const typed = digitsOf(given).replace(/^0+/, '');
  const stored = digitsOf(order.phone).replace(/^0+/, '');
  if (typed.length < 7 || stored.length < 7) return false;
  if (typed === stored) return true;
  const [shorter, longer] = typed.length < stored.length ? [typed, stored] : [stored, typed];
  // Only a country code (1 to 3 digits) may be missing, and the rest must be a whole number.
  return shorter.length >= 8 && longer.length - shorter.length <= 3 && longer.endsWith(shorter);
}

/** What the shopper who placed the order may see of it (contracts' OrderSummary): never the address or payment. */
export function orderSummaryOf(order: ShopOrder): OrderSummary {
  return {
    name: order.name,
    placedAt: order.createdAt,
    financialStatus: order.displayFinancialStatus ?? null,
    fulfillmentStatus: order.displayFulfillmentStatus ?? null,
    cancelled: Boolean(order.cancelledAt),
    items: order.lineItems.nodes.map((item) => ({ title: item.title, quantity: item.quantity })),
    tracking: order.fulfillments.flatMap((fulfillment) =>
      fulfillment.trackingInfo.length
        ? fulfillment.trackingInfo.map((info) => ({
            status: fulfillment.displayStatus ?? null,
            company: info.company ?? null,
            number: info.number ?? null,
            url: info.url ?? null,
          }))
        : [{ status: fulfillment.displayStatus ?? null, company: null, number: null, url: null }],
    ),
  };
}

// ── Returns ────────────────────────────────────────────────────────────────────────────────────

export interface ReturnableLine {
  fulfillmentLineItemId: string;
  quantity: number;
  /** When the window of this line starts: its fulfilment's delivery, else the fulfilment itself. */
  startsAt: string;
}

const RETURNABLE = /* GraphQL */ `
  query OrderHelpReturnable($orderId: ID!) {
    returnableFulfillments(orderId: $orderId, first: 20) {
      nodes {
        fulfillment { id createdAt deliveredAt }
        returnableFulfillmentLineItems(first: 100) { nodes { quantity fulfillmentLineItem { id } } }
      }
    }
  }
`;

/** The order's items that can still be returned (not returned already), with when each one's window starts. */
export async function returnableLines(order: OrderCall, orderId: string): Promise<ReturnableLine[]> {
  const data = dataOf(
    'the returnable items',
    await call<{
      returnableFulfillments: {
        nodes: {
          fulfillment: { createdAt: string; deliveredAt: string | null };
          returnableFulfillmentLineItems: { nodes: { quantity: number; fulfillmentLineItem: { id: string } }[] };
        }[];
      };
    }>(order, RETURNABLE, { orderId }),
  );
  return data.returnableFulfillments.nodes.flatMap((node) =>
    node.returnableFulfillmentLineItems.nodes
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        fulfillmentLineItemId: line.fulfillmentLineItem.id,
        quantity: line.quantity,
        startsAt: node.fulfillment.deliveredAt ?? node.fulfillment.createdAt,
      })),
  );
}

/** The store's return rules as Shopify keeps them (2026-10 `ReturnPoliciesReturnRules`). */
export interface ReturnRules {
  canAcceptReturns: boolean;
  /** -1 or null: no limit. */
  returnWindowDays: number | null;
  returnWindowStartingFrom: 'ITEM_DELIVERY_DATE' | 'LAST_ITEM_DELIVERY_DATE' | null;
  extendWindowToBusinessDay: boolean | null;
}

const RETURN_RULES = /* GraphQL */ `
  query OrderHelpReturnRules {
    returnPolicyProfiles(first: 1, default: true) {
      nodes { returnRules { canAcceptReturns returnWindowDays returnWindowStartingFrom extendWindowToBusinessDay } }
    }
  }
`;

/**
 * The default return policy profile's rules: `{ rules }` (null rules: return rules are off, items
 * can be returned without restriction), or `unknown` when they cannot be read (the app lacks
 * `read_legal_policies`, or the store's API version has no profiles): the caller then uses its own window.
 */
export async function storeReturnRules(order: OrderCall): Promise<{ rules: ReturnRules | null } | 'unknown'> {
  const response = await call<{ returnPolicyProfiles: { nodes: { returnRules: ReturnRules | null }[] } }>(order, RETURN_RULES, {});
  if (response.errors?.length || !response.data) return 'unknown';
  const profile = response.data.returnPolicyProfiles.nodes[0];
  return profile ? { rules: profile.returnRules } : 'unknown';
}

const RETURN_REQUEST = /* GraphQL */ `
  mutation OrderHelpReturnRequest($input: ReturnRequestInput!) {
    returnRequest(input: $input) {
      return { id name status }
      userErrors { code field message }
    }
  }
`;

export type ReturnRequestResult =
  | { ok: true; returnId: string; returnName: string }
  | { ok: false; code: string | null; messages: string[] };

/** Asks the merchant for a return of these lines (the shopper's reason as the customer's note). */
export async function requestReturn(
  order: OrderCall,
  input: { orderId: string; lines: ReturnableLine[]; note: string | null },
): Promise<ReturnRequestResult> {
  const data = dataOf(
    'the return request',
    await call<{
      returnRequest: {
        return: { id: string; name: string; status: string } | null;
        userErrors: { code: string | null; message: string }[];
      };
    }>(order, RETURN_REQUEST, {
      input: {
        orderId: input.orderId,
        returnLineItems: input.lines.map((line) => ({
          fulfillmentLineItemId: line.fulfillmentLineItemId,
          quantity: line.quantity,
          ...(input.note ? { customerNote: input.note.slice(0, 300) } : {}),
        })),
      },
    }),
  );
  const created = data.returnRequest.return;
  if (created && !data.returnRequest.userErrors.length) return { ok: true, returnId: created.id, returnName: created.name };
  return {
    ok: false,
    code: data.returnRequest.userErrors[0]?.code ?? null,
    messages: data.returnRequest.userErrors.map((error) => error.message),
  };
}

// ── Address and confirmation ───────────────────────────────────────────────────────────────────

const SHIPPING_NAMES = /* GraphQL */ `
  query OrderHelpShippingNames($id: ID!) {
    order(id: $id) { shippingAddress { firstName lastName company phone } }
  }
`;

export interface NewAddress {
  address1: string;
  address2?: string | null;
  city: string;
  /** A province code ("OR", "JP-13") or a name ("Tokyo"). */
  province?: string | null;
  zip: string;
  countryCode: string;
}

const ORDER_UPDATE = /* GraphQL */ `
  mutation OrderHelpAddress($input: OrderInput!) {
    orderUpdate(input: $input) {
      order { id }
      userErrors { field message }
    }
  }
`;

/**
 * Replaces the order's shipping address, keeping who it goes to (the name, company and phone of the
 * address it had: `orderUpdate` replaces the address as a whole). Answers Shopify's refusals.
 */
export async function changeShippingAddress(order: OrderCall, orderId: string, address: NewAddress): Promise<string[]> {
  const current = dataOf(
    'the shipping address',
    await call<{
      order: {
        shippingAddress: { firstName: string | null; lastName: string | null; company: string | null; phone: string | null } | null;
      } | null;
    }>(order, SHIPPING_NAMES, { id: orderId }),
  );
  const who = current.order?.shippingAddress;
  const province = address.province?.trim();
  const provinceField = province ? (/^[A-Z0-9-]{1,6}$/.test(province) ? { provinceCode: province } : { province }) : {};
  const data = dataOf(
    'the address change',
    await call<{ orderUpdate: { order: { id: string } | null; userErrors: { message: string }[] } }>(order, ORDER_UPDATE, {
      input: {
        id: orderId,
        shippingAddress: {
          firstName: who?.firstName ?? null,
          lastName: who?.lastName ?? null,
          company: who?.company ?? null,
          phone: who?.phone ?? null,
          address1: address.address1,
          address2: address.address2 ?? null,
          city: address.city,
          zip: address.zip,
          countryCode: address.countryCode,
          ...provinceField,
        },
      },
    }),
  );
  return data.orderUpdate.userErrors.map((error) => error.message);
}

const INVOICE_SEND = /* GraphQL */ `
  mutation OrderHelpResend($id: ID!, $email: EmailInput) {
    orderInvoiceSend(id: $id, email: $email) {
      order { id }
      userErrors { code message }
    }
  }
`;

/** E-mails the order's details to the order's own address again. Answers Shopify's refusals. */
export async function resendOrderEmail(order: OrderCall, orderId: string, to: string): Promise<string[]> {
  const data = dataOf(
    'the order e-mail',
    await call<{ orderInvoiceSend: { order: { id: string } | null; userErrors: { message: string }[] } }>(order, INVOICE_SEND, {
      id: orderId,
      email: { to },
    }),
  );
  return data.orderInvoiceSend.userErrors.map((error) => error.message);
}
