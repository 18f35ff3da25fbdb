// Placeholder signature for the lead's wiring; the order-help engineer replaces this with the real tools.
export { type CommerceActionInput, recordCommerceAction } from './commerce-actions';

import type { ToolSet } from 'ai';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { assistants } from '../../db/schema';
import type { Env } from '../../env';

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

export async function orderHelpTools(_ctx: { db: Db; env: Env }, _logger: Logger, _input: OrderHelpToolsInput): Promise<ToolSet> {
  return {};
}
