import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import { inboxKeys } from '../api/inbox-keys';
import { type InboxMessage, type InboxThread, latest, type RawThread, toInboxMessage, toInboxThread } from '../api/shared-thread-fields';
import {
  markSharedThreadRead,
  markThreadHandled,
  sendManualReply,
  setAutoReplyPaused,
  summarizeSharedThread,
} from '../api/thread-actions-api';
import { addMessage, mergeThread, withMessage } from '../inbox-cache';
import { patchThreadEverywhere } from '../inbox-sync';

const notConnected = () => new Error(i18n.t('inbox:errors.notConnected'));

/**
 * The owner's hand on one thread: pause or resume auto-reply (shown at once, undone if the server
 * refuses), mark a thread that needed a person handled, answer by hand (which pauses auto-reply and
 * clears "needs a person" on the server, so the thread shows both), mark read and summarise. Each answer is merged into every cached copy of the thread.
 */
export function useThreadActions(threadId: string) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email ?? '';
  const queryClient = useQueryClient();

  const patch = useCallback(
    (change: (thread: InboxThread) => InboxThread) => patchThreadEverywhere(queryClient, ownerEmail, threadId, change),
    [queryClient, ownerEmail, threadId],
  );
  const merge = useCallback((raw: RawThread) => patch((current) => mergeThread(current, toInboxThread(raw, current))), [patch]);
  const connected = () => {
    if (!client) throw notConnected();
    return client as DataClient;
  };

  const pause = useMutation({
    mutationFn: (paused: boolean) => setAutoReplyPaused(connected(), threadId, paused),
    onMutate: (paused) => patch((thread) => ({ ...thread, autoReplyPaused: paused })),
    onError: (_error, paused) => patch((thread) => ({ ...thread, autoReplyPaused: !paused })),
    onSuccess: merge,
  });

  const handled = useMutation({
    mutationFn: () => markThreadHandled(connected(), threadId),
    onSuccess: merge,
  });

  const reply = useMutation({
    mutationFn: (content: string) => sendManualReply(connected(), threadId, content),
    onSuccess: (raw) => {
      const message: InboxMessage = toInboxMessage(raw);
      queryClient.setQueryData<InboxMessage[]>(inboxKeys.messages(ownerEmail, threadId), (messages) =>
        messages ? addMessage(messages, message) : messages,
      );
      // The server pauses auto-reply with a manual answer, and a person has answered; its update event says so too.
      patch((thread) => ({ ...withMessage(thread, message), autoReplyPaused: true, needsHuman: false }));
    },
  });

  const summarize = useMutation({
    mutationFn: () => summarizeSharedThread(connected(), threadId),
    onSuccess: merge,
  });

  /**
   * Marks the thread read. Shown read at once, up to its newest visitor message (the server's
   * clock, never this device's, so a later message still shows unread).
   */
  const markRead = useCallback(
    async (upTo: string | null) => {
      if (!client) return;
      patch((thread) => ({ ...thread, ownerLastReadAt: latest(thread.ownerLastReadAt, upTo) }));
      try {
        merge(await markSharedThreadRead(client, threadId));
      } catch (error) {
        // Not worth interrupting the owner for: the next load shows the server's state.
        console.warn('marking the conversation read failed', error);
      }
    },
    [client, patch, merge, threadId],
  );

  return { pause, handled, reply, summarize, markRead };
}
