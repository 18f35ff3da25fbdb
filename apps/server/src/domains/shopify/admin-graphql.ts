import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/app-error';
import type { AdminApiContext } from './admin-api-context';
import { freshAccessToken } from './fresh-access-token';
import { markReauthorizeRequired } from './mark-reauthorize-required';
import { ShopReauthorizeError } from './reauthorize-error';
import type { ShopConnection } from './shop-connections';
import { adminOriginFor } from './shopify-library';
import { shopifyMessages } from './shopify-messages';

/** Spec §8: retryable statuses are 429, 500, 502, 503, 504 and network errors; 3 tries. */
export const ADMIN_TRIES = 3;
const RETRYABLE = new Set([429, 500, 502, 503, 504]);
/** Longest wait a Retry-After may ask for before we give up on this call (a job retries later). */
const MAX_RETRY_AFTER_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;

export interface AdminGraphqlError {
  message: string;
  extensions?: { code?: string } & Record<string, unknown>;
  path?: (string | number)[];
}

export interface AdminGraphqlResponse<T> {
  data?: T;
  errors?: AdminGraphqlError[];
  extensions?: Record<string, unknown>;
}

export interface AdminGraphqlOptions {
  signal?: AbortSignal;
  /** Test hook: the wait between tries (Retry-After or backoff), so tests need not sleep. */
  sleep?: (ms: number) => Promise<unknown>;
}

/**
 * One Admin GraphQL call for a shop, used by everything that talks to a store (catalog sync, the
 * setup wizard, the `aisle.shopifyAdmin` ability): the shop's fresh token, SHOPIFY_ADMIN_API_ORIGIN,
 * SHOPIFY_API_VERSION; 429 (and GraphQL `THROTTLED`) waits as long as Shopify asks, 5xx and network
 * errors are tried again, 3 tries in all; a 401 or 403 marks the connection as needing
 * reauthorisation and tells the owner. GraphQL errors of the query itself are returned, not thrown.
 */
export async function adminGraphql<T>(
  ctx: AdminApiContext,
  connection: ShopConnection,
  request: { query: string; variables?: Record<string, unknown> },
  options: AdminGraphqlOptions = {},
): Promise<AdminGraphqlResponse<T>> {
  const wait = options.sleep ?? ((ms: number) => sleep(ms, undefined, { signal: options.signal }));
  const url = `${adminOriginFor(ctx.env.SHOPIFY_ADMIN_API_ORIGIN, connection.shopDomain)}/admin/api/${ctx.env.SHOPIFY_API_VERSION}/graphql.json`;
  let lastProblem: unknown;
  for (let attempt = 1; attempt <= ADMIN_TRIES; attempt++) {
    const token = await freshAccessToken(ctx, connection);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({ query: request.query, variables: request.variables ?? {} }),
        signal: options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
          : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      lastProblem = error;
      if (attempt < ADMIN_TRIES) await wait(backoff(attempt));
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      await markReauthorizeRequired(ctx, connection);
      throw new ShopReauthorizeError(connection.shopDomain);
    }
    if (RETRYABLE.has(response.status)) {
      await response.body?.cancel();
      lastProblem = new Error(`Shopify answered ${response.status}`);
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      if (attempt < ADMIN_TRIES) await wait(response.status === 429 ? (retryAfter ?? backoff(attempt)) : backoff(attempt));
      continue;
    }
    const body = (await response.json().catch(() => null)) as AdminGraphqlResponse<T> | null;
    if (!response.ok || !body || typeof body !== 'object') {
      throw new AppError('BAD_GATEWAY', shopifyMessages.shopifyFailed, { cause: new Error(`Shopify answered ${response.status}`) });
    }
    // Shopify's GraphQL cost limit answers 200 with a THROTTLED error rather than a 429.
    if (body.errors?.some((error) => error.extensions?.code === 'THROTTLED')) {
      lastProblem = new Error('Shopify throttled the query');
      if (attempt < ADMIN_TRIES) await wait(1_000 * attempt);
      continue;
    }
    return body;
  }
  ctx.logger.warn({ err: lastProblem, shop: connection.shopDomain }, 'a Shopify Admin API call failed after every try');
  throw new AppError('UNAVAILABLE', shopifyMessages.unreachable, { cause: lastProblem, retryAfterSeconds: 30 });
}

const backoff = (attempt: number) => 250 * 2 ** (attempt - 1);

/** Retry-After in seconds (Shopify sends a number, possibly fractional); capped. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
}

/** The data of a call, or an error naming Shopify's first GraphQL error (for callers that need all of it). */
export function requireData<T>(response: AdminGraphqlResponse<T>): T {
  if (response.errors?.length || !response.data) {
    throw new AppError('BAD_GATEWAY', shopifyMessages.shopifyFailed, {
      cause: new Error(`Shopify GraphQL error: ${response.errors?.map((error) => error.message).join('; ') ?? 'no data'}`),
    });
  }
  return response.data;
}
