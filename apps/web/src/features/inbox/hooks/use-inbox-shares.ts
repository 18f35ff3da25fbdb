import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';
import { inboxKeys } from '../api/inbox-keys';
import { listInboxShares } from '../api/inbox-shares-api';

/** The owner's shares (no live events: they change on the Assistants screen, so each visit reloads them). */
export function useInboxShares() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const query = useQuery({
    queryKey: inboxKeys.shares(user?.email),
    queryFn: () => listInboxShares(client as DataClient),
    enabled: !!client && !!user?.email,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  return { shares: query.data ?? [], isLoading: query.isPending, error: query.error };
}
