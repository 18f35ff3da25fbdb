import type { InboxContext } from '../inbox';

/**
 * What the shared threads work with: the inbox's context (every shared thread is watched live in
 * the owner's inbox and summarized once quiet), which is a turn's context with jobs and a logger.
 */
export type SharedThreadsContext = InboxContext;
