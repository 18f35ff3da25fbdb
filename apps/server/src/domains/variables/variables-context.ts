import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
import { secretBoxKey } from './secret-box';

export type { DbOrTx as DbOrTransaction, Tx as DbTransaction } from '../../db/database';

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
