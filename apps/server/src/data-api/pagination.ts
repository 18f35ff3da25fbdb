import { AppError } from '../lib/app-error';
import { isStorableDate, isUuid } from './model-fields';

/** Amplify's default page size, and the largest page a client may ask for. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface Cursor {
  /** Sort key of the last row returned (ISO timestamp). */
  sort: string;
  /** Its id: the tie-breaker that makes the order total. */
  id: string;
}

/** `nextToken` is opaque to clients: the keyset position of the last row, base64url-encoded. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.id])).toString('base64url');
}

export function decodeCursor(token: string): Cursor {
  try {
    const [sort, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    const at = new Date(typeof sort === 'string' ? sort : Number.NaN);
    // The sort key goes to the database in the one form it is written in (a client may have forged it).
    if (isStorableDate(at) && isUuid(id)) return { sort: at.toISOString(), id };
  } catch {
    // fall through to the error below
  }
  throw new AppError('BAD_REQUEST', 'Invalid nextToken.');
}

export function checkLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new AppError('BAD_REQUEST', `limit must be between 1 and ${MAX_LIMIT}.`);
  }
  return limit;
}
