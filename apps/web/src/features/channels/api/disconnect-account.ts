import type { ChannelAccount, ChannelName } from '@aisle/contracts/channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { channelsKeys } from './channels-keys';

/** POST {channel}/disconnect/: the account stops answering; its conversations stay. */
export const disconnectAccount = (token: string | null, channel: ChannelName, accountId: string) =>
  apiRequest<ChannelAccount>(`/api/${channel}/disconnect/`, { body: { accountId }, token });

export function useDisconnectAccount(channel: ChannelName) {
  const { sessionStore } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: string) => disconnectAccount(await sessionStore.getValidAccessToken(), channel, accountId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKeys.all }),
  });
}
