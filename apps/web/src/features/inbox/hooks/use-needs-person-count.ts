import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { graphql } from '@/graphql/graphql';
import type { DataClient } from '@/lib/graphql-client';
import { inboxKeys } from '../api/inbox-keys';
import { listThreadsNeedingPerson } from '../api/needs-person-api';

const ON_UPDATE_THREAD = graphql(
  `subscription NeedsPersonChanges($ownerEmail: String) { onUpdateSharedThread(ownerEmail: $ownerEmail) { id needsHuman } }`,
);

/**
 * How many of the owner's conversations wait for a person, for the navigation's badge on every
 * screen: loaded once, then kept by the threads' update events (a thread handed to a person, or
 * answered by hand, or marked handled), so it changes live without polling.
 */
export function useNeedsPersonCount(): number {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: inboxKeys.needsPerson(ownerEmail),
    queryFn: () => listThreadsNeedingPerson(client as DataClient),
    enabled: !!client && !!ownerEmail,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!client || !ownerEmail) return;
    return client.subscribe(
      ON_UPDATE_THREAD,
      { ownerEmail },
      {
        next: ({ onUpdateSharedThread: thread }) => {
          if (!thread) return;
          queryClient.setQueryData<string[]>(inboxKeys.needsPerson(ownerEmail), (ids) => {
            if (!ids) return ids;
            const others = ids.filter((id) => id !== thread.id);
            return thread.needsHuman ? [...others, thread.id] : others;
          });
        },
        // The count is a hint; the inbox itself says when live updates stop.
        error: (cause) => console.warn('needs-a-person count subscription failed', cause),
      },
    );
  }, [client, ownerEmail, queryClient]);

  return query.data?.length ?? 0;
}
