import type { Logger } from 'pino';
import type { JobQueue } from '../../lib/job-queue';
import type { Services } from '../../services';
import { modelCatalog } from '../ai/model-catalog';
import { createKnowledgeContext } from '../knowledge/knowledge-context';
import type { ChatContext } from '../turns/turn-basics';

/** What the sharing domain works with: a chat turn's context, plus jobs (thread summaries) and a logger. */
export interface SharingContext extends ChatContext {
  jobs: JobQueue;
  logger: Logger;
}

export function createSharingContext(services: Services, logger: Logger): SharingContext {
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    jobs: services.jobs,
    knowledge: createKnowledgeContext(services),
    models: modelCatalog(services.env),
    logger,
  };
}
