import type { ReplySignature } from '@aisle/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/users/reply-signature/`: how the owner's manual replies are signed to shoppers. */
export const getReplySignature = (token: string | null) => apiRequest<ReplySignature>('/api/users/reply-signature/', { token });

export const replySignatureQueryOptions = (email: string | undefined, getToken: () => Promise<string | null>) =>
  queryOptions({
    queryKey: ['accounts', 'reply-signature', email] as const,
    queryFn: async () => getReplySignature(await getToken()),
    enabled: !!email,
  });

export function useReplySignature() {
  const { user, sessionStore } = useAuth();
  return useQuery(replySignatureQueryOptions(user?.email, () => sessionStore.getValidAccessToken()));
}
