import path from 'node:path';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import { FileStorage } from './file-storage';
import { createUploadSigner, type UploadSigner } from './upload-signature';

/** What the knowledge domain works with: the database, events, jobs, file bytes and upload signing. */
export interface KnowledgeContext {
  db: Db;
  events: EventBus;
  jobs: JobQueue;
  env: Env;
  storage: FileStorage;
  signer: UploadSigner;
}

export function createKnowledgeContext(services: { db: Db; events: EventBus; jobs: JobQueue; env: Env }): KnowledgeContext {
  return {
    ...services,
    storage: new FileStorage(path.join(services.env.dataDir, 'files')),
    signer: createUploadSigner(services.env.JWT_SECRET),
  };
}
