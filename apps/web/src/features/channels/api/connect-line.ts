import type { ChannelAccount, LineConnectRequest } from '@aisle/contracts/channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { channelsKeys } from './channels-keys';

/** POST line/connect/: a LINE channel by its ID, secret and access token (checked by LINE first). */
export const connectLine = (token: string | null, input: LineConnectRequest) =>
  apiRequest<ChannelAccount>('/api/line/connect/', { body: input, token });

export function useConnectLine() {
  const { sessionStore } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LineConnectRequest) => connectLine(await sessionStore.getValidAccessToken(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKeys.all }),
  });
}
