import type { VisitorThreadHistory, VisitorThreadRequest } from '@aisle/contracts/visitor-chat';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/shared-chat/thread/`: the visitor's thread and its messages, reached with the visitor
 * token the first answer gave. 404 when the thread is gone or the token does not match (the page
 * then starts afresh). Called on load and after the live stream reconnects, to fill the gap.
 */
export const getVisitorThread = (request: VisitorThreadRequest, signal?: AbortSignal) =>
  apiRequest<VisitorThreadHistory>('/api/shared-chat/thread/', { body: request, retries: 2, signal });
