import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { shopConnections } from '../../db/schema';

/** A shop the order help may act for: installed, authorised, with a token. */
export interface OwnerShop {
  id: string;
  shopDomain: string;
  /** The assistant the setup wizard built for this shop, if any. */
  assistantId: string | null;
}

/**
 * How long an owner's shops are remembered. Every turn asks (turns' prepareTurn), and most owners
 * have no shop: without this each of their turns would read `shop_connections`. The Shopify domain
 * publishes no event when a shop is connected or disconnected, so a short memory stands in: a shop
 * connected a moment ago gets its order tools within this time, and one disconnected loses them
 * (its tools answer `unavailable` meanwhile: every call reads the connection again).
 */
export const OWNER_SHOPS_TTL_MS = 30_000;
/** Owners remembered per database at most; the oldest entry goes first. */
const MAX_OWNERS = 10_000;

interface Remembered {
  at: number;
  shops: Promise<OwnerShop[]>;
}

/** Per database (each test app has its own), per owner e-mail. */
const remembered = new WeakMap<Db, Map<string, Remembered>>();

function memoryOf(db: Db): Map<string, Remembered> {
  let memory = remembered.get(db);
  if (!memory) {
    memory = new Map();
    remembered.set(db, memory);
  }
  return memory;
}

/**
 * The owner's shops that the order help can use, newest install first; remembered for
 * OWNER_SHOPS_TTL_MS (turns of one owner at once share one read).
 */
export function ownerShops(db: Db, ownerEmail: string, now = Date.now()): Promise<OwnerShop[]> {
  const memory = memoryOf(db);
  const known = memory.get(ownerEmail);
  if (known && now - known.at < OWNER_SHOPS_TTL_MS) return known.shops;
  const shops = readOwnerShops(db, ownerEmail);
  memory.delete(ownerEmail);
  memory.set(ownerEmail, { at: now, shops });
  if (memory.size > MAX_OWNERS) memory.delete(memory.keys().next().value as string);
  // A failed read is not remembered.
  shops.catch(() => {
    if (memory.get(ownerEmail)?.shops === shops) memory.delete(ownerEmail);
  });
  return shops;
}

/** Forgets what is remembered of an owner's shops (a shop needing reauthorisation, a disconnect seen by a call). */
export function forgetOwnerShops(db: Db, ownerEmail: string) {
  remembered.get(db)?.delete(ownerEmail);
}

/** The shop an assistant acts for: the one the setup wizard built it for, else the owner's newest. */
export const shopForAssistant = (shops: OwnerShop[], assistantId: string): OwnerShop | undefined =>
  shops.find((shop) => shop.assistantId === assistantId) ?? shops[0];

async function readOwnerShops(db: Db, ownerEmail: string): Promise<OwnerShop[]> {
  return db
    .select({
      id: shopConnections.id,
      shopDomain: shopConnections.shopDomain,
      assistantId: shopConnections.assistantId,
    })
    .from(shopConnections)
    .where(
      and(
        eq(shopConnections.ownerEmail, ownerEmail),
        eq(shopConnections.platform, 'shopify'),
        isNull(shopConnections.uninstalledAt),
        isNull(shopConnections.reauthorizeRequiredAt),
        isNotNull(shopConnections.accessToken),
      ),
    )
    .orderBy(desc(shopConnections.installedAt), desc(shopConnections.createdAt));
}
