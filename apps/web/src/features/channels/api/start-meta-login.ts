import type { MetaChannel } from '@aisle/contracts/channels';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * GET {channel}/login/ as JSON: Facebook Login's URL with a signed state. A browser navigation
 * cannot carry the bearer token, so the app asks for the URL, then goes there itself.
 */
export const getMetaLoginUrl = async (token: string | null, channel: MetaChannel, assistantId: string | null) => {
  const query = assistantId ? `?assistantId=${encodeURIComponent(assistantId)}` : '';
  return (await apiRequest<{ url: string }>(`/api/${channel}/login/${query}`, { token })).url;
};

/** Starts Facebook Login for a channel: the browser leaves for Facebook and comes back to /social. */
export function useStartMetaLogin(channel: MetaChannel) {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (assistantId: string | null) => {
      const url = await getMetaLoginUrl(await sessionStore.getValidAccessToken(), channel, assistantId);
      window.location.assign(url);
    },
  });
}
