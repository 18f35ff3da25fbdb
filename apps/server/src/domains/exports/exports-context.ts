import path from 'node:path';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import { createDownloadSigner, type DownloadSigner } from './download-signature';

/** Files the server prepares for owners (data requests, later other exports) and their signed links. */
export interface ExportsContext {
  db: Db;
  /** `DATA_DIR/exports`: one file per export, named by its id. */
  root: string;
  signer: DownloadSigner;
  publicUrl: string;
  linkLifetimeSeconds: number;
}

export function createExportsContext(services: { db: Db; env: Env }): ExportsContext {
  return {
    db: services.db,
    root: path.join(services.env.dataDir, 'exports'),
    signer: createDownloadSigner(services.env.JWT_SECRET),
    publicUrl: services.env.PUBLIC_URL,
    linkLifetimeSeconds: services.env.DOWNLOAD_LINK_LIFETIME,
  };
}
