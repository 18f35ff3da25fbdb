import type { Logger } from 'pino';
import type { JobQueue } from '../../lib/job-queue';
import type { Services } from '../../services';
import { createTurnContext, type TurnContext } from '../turns';

/** What the inbox works with: a turn's context (summaries ask the assistant's model), plus jobs and a logger. */
export interface InboxContext extends TurnContext {
  jobs: JobQueue;
  logger: Logger;
}

export function createInboxContext(services: Services, logger: Logger): InboxContext {
  return { ...createTurnContext(services), jobs: services.jobs, logger };
}
