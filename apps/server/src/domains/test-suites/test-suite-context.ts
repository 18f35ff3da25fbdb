import type { Logger } from 'pino';
import type { JobQueue } from '../../lib/job-queue';
import type { Mailer } from '../../lib/mailer';
import type { Services } from '../../services';
import { createTurnContext, type TurnContext } from '../turns';

/** What test suites work with: a turn's context (runs ask the assistant as a shopper would), the job queue, mail and a logger. */
export interface TestSuiteContext extends TurnContext {
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
}

export function createTestSuiteContext(
  services: Services,
  logger: Logger = services.logger.child({ domain: 'test-suites' }),
): TestSuiteContext {
  return { ...createTurnContext(services), jobs: services.jobs, mailer: services.mailer, logger };
}
