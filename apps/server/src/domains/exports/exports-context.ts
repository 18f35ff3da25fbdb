import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { createDownloadSigner, type DownloadSigner } from './download-signature';

/** Files the server prepares for owners (data requests, later other exports) and their signed links. */
export interface ExportsContext {
  db: Db;
  /** Where the bytes are: `exports/<id>`, under DATA_DIR or in the bucket. */
  storage: ObjectStorage;
  /** Signs the server's own download route, the link of an export kept on disk. */
  signer: DownloadSigner;
  publicUrl: string;
  linkLifetimeSeconds: number;
}

export function createExportsContext(services: { db: Db; env: Env; storage: ObjectStorage }): ExportsContext {
  return {
    db: services.db,
    storage: services.storage,
    signer: createDownloadSigner(services.env.JWT_SECRET),
    publicUrl: services.env.PUBLIC_URL,
    linkLifetimeSeconds: services.env.DOWNLOAD_LINK_LIFETIME,
  };
}
