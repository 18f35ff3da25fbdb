import type { Db, Tx } from '../db/database';
import type { EventBus, ModelEvent } from './event-bus';

/**
 * Runs `work` in one transaction with an event bus that holds what the domain code publishes
 * until the commit (DESIGN "APIs": events go out after the commit), so domain operations written
 * for `ctx.db` can take part in a caller's transaction: `work({ db: tx, events })`. A rollback
 * drops the held events: subscribers never hear of a row that does not exist.
 */
export async function transactionWithEvents<T>(
  ctx: { db: Db; events: EventBus },
  work: (scope: { tx: Tx; events: EventBus }) => Promise<T>,
): Promise<T> {
  const held: ModelEvent[] = [];
  const events: EventBus = {
    ...ctx.events,
    publish: (event) => void held.push(event),
    close: async () => undefined,
  };
  const result = await ctx.db.transaction((tx) => work({ tx, events }));
  for (const event of held) ctx.events.publish(event);
  return result;
}
