import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/database';
import type { Services } from '../../services';
import { secretBoxKey } from './secret-box';

/** A transaction of `Db` (db/database.ts's `Tx` names another schema type, which `transaction()` does not give). */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database, or a transaction open on it, typed either way (callers elsewhere use `DbOrTx`). */
export type DbOrTransaction = DbOrTx | DbTransaction;

/** What the variable calls need: the database, the sealing key and where to report unreadable secrets. */
export interface VariablesContext {
  db: Db;
  key: Buffer;
  logger: Pick<Logger, 'warn'>;
  /** Origin of the absolute page links of the list. */
  publicUrl: string;
}

/** Reads the key now, so a missing or broken key stops the server while it builds, not at a first request. */
export function variablesContext(services: Services): VariablesContext {
  return {
    db: services.db,
    key: secretBoxKey(services.env.VARIABLES_ENCRYPTION_KEY),
    logger: services.logger,
    publicUrl: services.env.PUBLIC_URL,
  };
}
