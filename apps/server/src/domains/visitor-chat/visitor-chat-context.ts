import type { Logger } from 'pino';
import type { Services } from '../../services';
import { createInboxContext, type InboxContext } from '../inbox';

/**
 * What a visitor's chat works with: the inbox's context, since every visitor message lands in the
 * owner's inbox (live, and summarized once the thread is quiet).
 */
export type VisitorChatContext = InboxContext;

export const createVisitorChatContext = (services: Services, logger: Logger): VisitorChatContext => createInboxContext(services, logger);
