import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { assistantLinksQueryKey, loadAllLinks } from '../api/assistant-links-api';

/**
 * The merchant's assistant links (stores, functions, templates). Link records have no live events,
 * so the screen refetches after its own changes.
 */
export function useAssistantLinks() {
  const { client } = useAppSync();
  const { user } = useAuth();
  return useQuery({
    queryKey: assistantLinksQueryKey(user?.email),
    queryFn: () => {
      if (!client) throw new Error('Not connected yet.');
      return loadAllLinks(client);
    },
    enabled: !!client,
  });
}
