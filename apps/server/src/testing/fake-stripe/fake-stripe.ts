import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_aisle_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_aisle_fake_0123456789abcdef';

type Obj = Record<string, unknown> & { id: string };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) read back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/**
 * Stripe on loopback, for tests, the browser test and benchmarks: the API calls Aisle makes
 * (customers, prices with products, Checkout sessions, subscriptions, portal sessions), answered in
 * Stripe's shapes (the `stripe` package's types), and a hosted checkout page whose "Pay" button
 * completes the session and redirects to its success URL, as Stripe's does. It sends no webhooks:
 * tests build the event Stripe would send (`event`) and sign it with the test secret (`signed`).
 */
export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly calls: { method: string; path: string }[] = [];
  readonly secretKey = FAKE_STRIPE_SECRET_KEY;
  readonly webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error), type: 'api_error' } }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The server's configuration for this fake. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_ORIGIN: this.url };
  }

  /** An event as Stripe sends it to a webhook endpoint. `created` defaults to now (seconds). */
  event(type: string, object: object, created = now()) {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** A delivery's body and headers, signed as Stripe signs them (or with another secret, or an old timestamp). */
  signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp ?? now(),
    });
    return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  }

  /**
   * The customer pays on the hosted page: the session completes, with a subscription (mode
   * subscription) or a payment intent (mode payment). Answers the session as the
   * `checkout.session.completed` event carries it.
   */
  complete(sessionId: string): Obj {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status === 'complete') return session;
    if (session.mode === 'subscription') {
      const lineItems = session.line_items_input as { price: string }[];
      const subscription = this.createSubscription(
        session.customer as string,
        lineItems[0]?.price as string,
        session.subscription_metadata as Record<string, string>,
      );
      session.subscription = subscription.id;
    } else {
      session.payment_intent = newId('pi');
    }
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return session;
  }

  private createSubscription(customer: string, priceId: string, metadata: Record<string, string>): Obj {
    const start = now();
    const subscription: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      created: start,
      start_date: start,
      metadata: metadata ?? {},
      items: list([this.subscriptionItem(priceId, start)], '/v1/subscription_items'),
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  private subscriptionItem(priceId: string, start: number) {
    return {
      id: newId('si'),
      object: 'subscription_item',
      price: this.prices.get(priceId),
      quantity: 1,
      current_period_start: start,
      current_period_end: start + 30 * 86_400,
    };
  }

  /** The subscription moves to another price (a plan change in the portal), answered as Stripe shows it. */
  changePrice(subscriptionId: string, priceId: string): Obj {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.items = list([this.subscriptionItem(priceId, now())], '/v1/subscription_items');
    return subscription;
  }

  /** A price by lookup key (tests name the tier's price). */
  priceByLookupKey(key: string): Obj | undefined {
    return [...this.prices.values()].find((price) => price.lookup_key === key);
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const query = parseStripeForm(url.search.slice(1));
    this.calls.push({ method, path: url.pathname });

    // The hosted pages a browser opens.
    const page = /^\/(checkout|portal)\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    if (page?.[1] === 'checkout') return this.checkoutPage(res, page[2] as string, Boolean(page[3]) && method === 'POST');
    if (page?.[1] === 'portal') return html(res, '<!doctype html><title>Billing portal</title><h1>Manage your subscription</h1>');
    // Anything else a browser asks the hosted pages for (a favicon) is not there.
    if (!url.pathname.startsWith('/v1/')) return html(res, '<!doctype html><title>Not found</title>', 404);

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(res, 401, { error: { message: 'Invalid API Key provided', type: 'invalid_request_error' } });
    }
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((query.lookup_keys as Record<string, string>) ?? {});
      const expand = Object.values((query.expand as Record<string, string>) ?? {});
      const found = [...this.prices.values()]
        .filter((price) => price.active && (!keys.length || keys.includes(price.lookup_key as string)))
        .map((price) => (expand.includes('data.product') ? { ...price, product: this.products.get(price.product as string) } : price));
      return send(res, 200, list(found, '/v1/prices'));
    }
    if (method === 'POST' && path === '/v1/prices') return send(res, 200, this.createPrice(body));
    if (method === 'POST' && path === '/v1/checkout/sessions') return send(res, 200, this.createSession(body));
    const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path)?.[1];
    if (subscription) {
      const found = this.subscriptions.get(subscription);
      if (!found) return send(res, 404, { error: { message: `No such subscription: '${subscription}'`, type: 'invalid_request_error' } });
      if (method === 'POST') {
        const items = body.items as { price?: string }[] | undefined;
        if (items?.[0]?.price) this.changePrice(subscription, items[0].price);
        if (body.metadata) found.metadata = { ...(found.metadata as object), ...(body.metadata as object) };
      }
      return send(res, 200, found);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${this.url}/portal/${id}`,
      });
    }
    return send(res, 404, { error: { message: `Unrecognized request URL (${method}: ${path})`, type: 'invalid_request_error' } });
  }

  private createPrice(body: Record<string, unknown>): Obj {
    const productData = body.product_data as { name: string; metadata?: Record<string, string> } | undefined;
    let product = body.product as string | undefined;
    if (!product && productData) {
      const created: Obj = {
        id: newId('prod'),
        object: 'product',
        name: productData.name,
        description: null,
        active: true,
        metadata: productData.metadata ?? {},
      };
      this.products.set(created.id, created);
      product = created.id;
    }
    const recurring = body.recurring as { interval: string } | undefined;
    const price: Obj = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      lookup_key: body.lookup_key ?? null,
      metadata: body.metadata ?? {},
      product,
      recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
      type: recurring ? 'recurring' : 'one_time',
    };
    this.prices.set(price.id, price);
    return price;
  }

  private createSession(body: Record<string, unknown>): Obj {
    const lineItems = (body.line_items as Record<string, unknown>[]) ?? [];
    const first = lineItems[0] as { price?: string; price_data?: { unit_amount: string } } | undefined;
    const amount = first?.price ? Number(this.prices.get(first.price)?.unit_amount ?? 0) : Number(first?.price_data?.unit_amount ?? 0);
    const id = newId('cs_test');
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: body.customer ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      amount_total: amount,
      currency: 'usd',
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      subscription: null,
      payment_intent: null,
      url: `${this.url}/checkout/${id}`,
      created: now(),
      line_items_input: lineItems,
      subscription_metadata: (body.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
    };
    this.sessions.set(id, session);
    return session;
  }

  private checkoutPage(res: ServerResponse, id: string, pay: boolean) {
    const session = this.sessions.get(id);
    if (!session) return html(res, '<!doctype html><title>Not found</title><h1>This checkout does not exist.</h1>', 404);
    if (pay) {
      this.complete(id);
      const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id);
      res.writeHead(303, { location: back });
      res.end();
      return;
    }
    const amount = `$${(Number(session.amount_total) / 100).toFixed(2)}`;
    return html(
      res,
      `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay ${amount}</h1>` +
        `<form method="post" action="/checkout/${id}/pay"><button type="submit">Pay ${amount}</button></form>`,
    );
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, body: string, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
