import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { Mailer } from '../../lib/mailer';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import type { Services } from '../../services';
import type { TokenSigner } from '../accounts';
import { createExportsContext, type ExportsContext } from '../exports';
import { createKnowledgeContext, type KnowledgeContext } from '../knowledge';
import { secretBoxKey } from '../variables';

/** What moving or erasing an account's data works with: every domain that keeps some of it. */
export interface AccountDataContext {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  tokens: TokenSigner;
  /** Uploaded avatars the account leaves behind are deleted from it. */
  storage: ObjectStorage;
  /** Stores go through the knowledge domain: their files are on disk (or in the bucket) too. */
  knowledge: KnowledgeContext;
  exports: ExportsContext;
  /** Seals secret variables, shop tokens and channel secrets (the secret variables' key). */
  readonly key: Buffer;
}

export function createAccountDataContext(services: Services): AccountDataContext {
  return {
    db: services.db,
    env: services.env,
    logger: services.logger.child({ domain: 'account-data' }),
    mailer: services.mailer,
    tokens: services.tokens,
    storage: services.storage,
    knowledge: createKnowledgeContext(services),
    exports: createExportsContext(services),
    // Read on use: the key file of an install without VARIABLES_ENCRYPTION_KEY is created on first use.
    get key() {
      return secretBoxKey(services.env.VARIABLES_ENCRYPTION_KEY);
    },
  };
}
