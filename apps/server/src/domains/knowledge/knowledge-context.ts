import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { createEmbedder, type Embedder } from './embeddings/embedder';
import { createUploadSigner, type UploadSigner } from './upload-signature';

/** What the knowledge domain works with: the database, events, jobs, file bytes (disk or bucket) and upload signing. */
export interface KnowledgeContext {
  db: Db;
  events: EventBus;
  jobs: JobQueue;
  env: Env;
  storage: ObjectStorage;
  /** Signs the server's own upload route, where files go when they are kept on disk. */
  signer: UploadSigner;
  /** The configured embedding model, or null: retrieval is then lexical only. */
  embedder: Embedder | null;
  /** pgvector is usable in this database. */
  vector: boolean;
}

export function createKnowledgeContext(services: {
  db: Db;
  database: { vector: boolean };
  events: EventBus;
  jobs: JobQueue;
  env: Env;
  storage: ObjectStorage;
}): KnowledgeContext {
  return {
    db: services.db,
    events: services.events,
    jobs: services.jobs,
    env: services.env,
    embedder: createEmbedder(services.env),
    vector: services.database.vector,
    storage: services.storage,
    signer: createUploadSigner(services.env.JWT_SECRET),
  };
}
