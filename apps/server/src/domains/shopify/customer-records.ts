import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { orders, sharedThreads } from '../../db/schema';

export interface CustomerIdentity {
  email: string | null;
  phone: string | null;
}

/** Digits only, so "+1 (555) 010-2030" and "+15550102030" are the same number. */
const digits = (phone: string | null) => phone?.replace(/\D/g, '') ?? '';

/**
 * The owner's shared threads that hold this customer's contact (left through `aisle.saveContact`
 * in the storefront chat: `visitor_contact` {email, phone}), matched by e-mail (case-insensitive)
 * or phone (digits). Null when the customer has neither: nothing can be matched.
 */
export function customerThreadsCondition(ownerEmail: string, customer: CustomerIdentity): SQL | null {
  const matches: SQL[] = [];
  if (customer.email) matches.push(sql`lower(${sharedThreads.visitorContact}->>'email') = ${customer.email.toLowerCase()}`);
  const phone = digits(customer.phone);
  // Fewer digits than any real number would match unrelated contacts.
  if (phone.length >= 6) matches.push(sql`regexp_replace(${sharedThreads.visitorContact}->>'phone', '\\D', '', 'g') = ${phone}`);
  if (!matches.length) return null;
  return and(eq(sharedThreads.ownerEmail, ownerEmail), or(...matches)) as SQL;
}

/** The shop's recorded orders of this customer: by e-mail, or by the order ids Shopify names. */
export function customerOrdersCondition(connectionId: string, customer: CustomerIdentity, orderIds: string[] = []): SQL | null {
  const matches: SQL[] = [];
  if (customer.email) matches.push(sql`lower(${orders.customerEmail}) = ${customer.email.toLowerCase()}`);
  if (orderIds.length) matches.push(inArray(orders.externalId, orderIds));
  if (!matches.length) return null;
  return and(eq(orders.shopConnectionId, connectionId), or(...matches)) as SQL;
}

export async function deleteWhere(db: DbOrTx, table: typeof sharedThreads | typeof orders, condition: SQL | null): Promise<number> {
  if (!condition) return 0;
  const gone = await db.delete(table).where(condition).returning({ id: table.id });
  return gone.length;
}
