import type { ChannelAccount, ChannelName } from '@aisle/contracts/channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { channelsKeys } from './channels-keys';

/** POST {channel}/account/: the account that answers, and its assistant. */
export const chooseAccount = (token: string | null, channel: ChannelName, accountId: string, assistantId: string) =>
  apiRequest<ChannelAccount>(`/api/${channel}/account/`, { body: { accountId, assistantId }, token });

export function useChooseAccount(channel: ChannelName) {
  const { sessionStore } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { accountId: string; assistantId: string }) =>
      chooseAccount(await sessionStore.getValidAccessToken(), channel, input.accountId, input.assistantId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKeys.all }),
  });
}
