import type { ReplySignature, UpdateReplySignatureRequest } from '@aisle/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { replySignatureQueryOptions } from './get-reply-signature';

/** `POST /api/users/update-reply-signature/`: the team, the owner's name or the shop's name. */
export const updateReplySignature = (token: string | null, body: UpdateReplySignatureRequest) =>
  apiRequest<ReplySignature>('/api/users/update-reply-signature/', { body, token });

export function useUpdateReplySignature() {
  const { user, sessionStore } = useAuth();
  const queryClient = useQueryClient();
  const getToken = () => sessionStore.getValidAccessToken();
  return useMutation({
    mutationFn: async (body: UpdateReplySignatureRequest) => updateReplySignature(await getToken(), body),
    onSuccess: (saved) => queryClient.setQueryData(replySignatureQueryOptions(user?.email, getToken).queryKey, saved),
  });
}
