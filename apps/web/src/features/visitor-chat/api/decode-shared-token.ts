import type { PublicAssistant } from '@aisle/contracts/sharing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/shared-chat/decode-shared-token/`: the shared assistant's public face, or 404/410
 * `{detail, code}` when the link does not open a chat (see `share-problem.ts`). Safe to repeat,
 * so network failures and 5xx are retried by the client.
 */
export const decodeSharedToken = (token: string, signal?: AbortSignal) =>
  apiRequest<PublicAssistant>('/api/shared-chat/decode-shared-token/', { body: { token }, retries: 2, signal });

export const publicAssistantQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-chat', 'assistant', token],
    queryFn: ({ signal }) => decodeSharedToken(token, signal),
    // A refused link stays refused; other failures were retried above and offer a Retry button.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicAssistant = (token: string) => useQuery(publicAssistantQueryOptions(token));
