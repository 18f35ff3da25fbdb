import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { stores } from '../../db/schema';
import { searchKnowledge } from '../knowledge';
import { adminApiContext, adminGraphql, getOwnedConnection, ShopReauthorizeError } from '../shopify';
import type { FunctionsContext } from './functions-context';
import { type HostAbilities, HostCallRefusal } from './sandbox';

/**
 * The server abilities a function's code reaches as `aisle.<name>(input)` (sandbox/host-calls.ts),
 * each bound to the scope of the run: the owner, the assistant's stores, the visitor's thread.
 * What a function may not do itself (read the database, hold the shop's access token) it asks for
 * here, and only for its own owner.
 */
export interface AbilityScope {
  ownerEmail: string;
  /** The stores searched: the assistant's in a chat turn, all the owner's in a test run. */
  storeIds: string[] | 'all';
  /**
   * Saves a lead on the visitor conversation a chat turn answers (the shared thread's owner,
   * domains/shared-threads, writes it); false when that conversation no longer exists. Absent
   * outside a visitor's conversation (a test run, the owner's own chat).
   */
  saveContact?: (contact: VisitorContact) => Promise<boolean>;
}

/** What the lead-capture ability saves (spec §3 SharedThread `visitorContact`). */
export interface VisitorContact {
  name?: string;
  email?: string;
  phone?: string;
  note?: string;
  savedAt: string;
}

export const ABILITY_NAMES = ['searchKnowledge', 'saveContact', 'shopifyAdmin'] as const;

export const CONNECT_STORE_TEXT = 'Connect your Shopify store first (Store › Connect Shopify); order lookups use that connection.';
export const RECONNECT_STORE_TEXT = 'Shopify refused the store connection. Reconnect your store (Store › Connect Shopify).';

const searchInput = z.object({
  query: z.string().trim().min(1).max(500),
  limit: z.number().int().min(1).max(10).default(4),
});

const contactInput = z
  .object({
    name: z.string().trim().max(200).optional(),
    email: z.email().max(254).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()./-]{6,25}$/)
      .optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .refine((contact) => contact.email || contact.phone, { message: 'an email address or a phone number is needed' });

const shopifyInput = z.object({
  query: z.string().min(1).max(10_000),
  variables: z.record(z.string(), z.unknown()).default({}),
});

const refusal = (name: string, error: z.ZodError) =>
  new HostCallRefusal(`aisle.${name}: ${error.issues.map((issue) => `${issue.path.join('.') || 'input'} ${issue.message}`).join('; ')}`);

export function hostAbilitiesFor(ctx: FunctionsContext, scope: AbilityScope): HostAbilities {
  return {
    names: ABILITY_NAMES,
    async call(name, input) {
      if (name === 'searchKnowledge') return search(ctx, scope, input);
      if (name === 'saveContact') return saveContact(ctx, scope, input);
      if (name === 'shopifyAdmin') return shopifyAdmin(ctx, scope, input);
      throw new HostCallRefusal(`aisle.${name} does not exist`);
    },
  };
}

async function search(ctx: FunctionsContext, scope: AbilityScope, input: unknown) {
  const parsed = searchInput.safeParse(typeof input === 'string' ? { query: input } : input);
  if (!parsed.success) throw refusal('searchKnowledge', parsed.error);
  const storeIds =
    scope.storeIds === 'all'
      ? (await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.ownerEmail, scope.ownerEmail))).map((row) => row.id)
      : scope.storeIds;
  if (!storeIds.length) return [];
  const { results } = await searchKnowledge(ctx.knowledge, ctx.logger, {
    ownerEmail: scope.ownerEmail,
    storeIds,
    query: parsed.data.query,
    k: parsed.data.limit,
  });
  return results.map((hit) => ({ text: hit.text, source: hit.fileName, heading: hit.heading ?? null, score: hit.score }));
}

async function saveContact(_ctx: FunctionsContext, scope: AbilityScope, input: unknown) {
  const parsed = contactInput.safeParse(input);
  if (!parsed.success) throw refusal('saveContact', parsed.error);
  if (!scope.saveContact) {
    return { saved: false, reason: 'Not a visitor conversation (a test run or your own chat): nothing was saved.' };
  }
  if (!(await scope.saveContact({ ...parsed.data, savedAt: new Date().toISOString() })))
    throw new HostCallRefusal('aisle.saveContact: the conversation no longer exists');
  return { saved: true };
}

/**
 * A GraphQL call to the owner's connected Shopify store, through the shop's Admin client (its
 * fresh token, never shown to the code; retries on 429 and 5xx; a refused token marks the store
 * for reconnection and tells the owner). Answers Shopify's `{data, errors}` as they are.
 */
async function shopifyAdmin(ctx: FunctionsContext, scope: AbilityScope, input: unknown) {
  const parsed = shopifyInput.safeParse(input);
  if (!parsed.success) throw refusal('shopifyAdmin', parsed.error);
  const admin = adminApiContext(ctx);
  const shop = admin.api ? await getOwnedConnection(ctx.db, scope.ownerEmail) : undefined;
  if (!shop?.accessToken) throw new HostCallRefusal(CONNECT_STORE_TEXT);
  try {
    const { data, errors } = await adminGraphql(admin, shop, parsed.data);
    return errors ? { data: data ?? null, errors } : { data };
  } catch (error) {
    if (error instanceof ShopReauthorizeError) throw new HostCallRefusal(RECONNECT_STORE_TEXT);
    throw new HostCallRefusal('Shopify could not be reached. Try again in a moment.');
  }
}
