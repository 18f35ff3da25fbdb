import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { graphql } from '@/graphql/graphql';
import { getInboxThread } from '../api/inbox-api';
import { inboxKeys } from '../api/inbox-keys';
import { MessageFields, ThreadFields, ThreadScalarFields } from '../api/shared-thread-fields';
import { QuestionFields, type RawQuestion, toQuestion, type UnansweredQuestion } from '../api/unanswered-questions-api';
import { applyMessageEvent, applyMessageUpdate, applyThreadEvent, type FetchThread } from '../inbox-sync';
import { withQuestion } from '../unanswered-cache';

// A new thread comes with its list-row fields; an update only with its own (the row keeps the rest).
const ON_CREATE_THREAD = graphql(
  `subscription OnCreateSharedThread($ownerEmail: String) { onCreateSharedThread(ownerEmail: $ownerEmail) { ...ThreadFields } }`,
  [ThreadFields],
);
const ON_UPDATE_THREAD = graphql(
  `subscription OnUpdateSharedThread($ownerEmail: String) { onUpdateSharedThread(ownerEmail: $ownerEmail) { ...ThreadScalarFields } }`,
  [ThreadScalarFields],
);
const ON_CREATE_MESSAGE = graphql(
  `subscription OnCreateSharedMessage($ownerEmail: String) { onCreateSharedMessage(ownerEmail: $ownerEmail) { ...MessageFields } }`,
  [MessageFields],
);
const ON_UPDATE_MESSAGE = graphql(
  `subscription OnUpdateSharedMessage($ownerEmail: String) { onUpdateSharedMessage(ownerEmail: $ownerEmail) { ...MessageFields } }`,
  [MessageFields],
);
const ON_CREATE_QUESTION = graphql(
  `subscription OnCreateUnansweredQuestion($ownerEmail: String) { onCreateUnansweredQuestion(ownerEmail: $ownerEmail) { ...QuestionFields } }`,
  [QuestionFields],
);
const ON_UPDATE_QUESTION = graphql(
  `subscription OnUpdateUnansweredQuestion($ownerEmail: String) { onUpdateUnansweredQuestion(ownerEmail: $ownerEmail) { ...QuestionFields } }`,
  [QuestionFields],
);

/**
 * The inbox's live data (DESIGN "Front end"): the owner's shared-thread create and update events
 * and shared-message create events, and the unanswered questions' create and update events (an
 * answered one leaves the list), applied to the TanStack Query cache while the screen is open.
 * Returns true once a subscription fails (the screen says so) (the socket itself reconnects on its own).
 * An event for a list still loading is dropped (the load usually already holds it; one that lands
 * between the server's answer and its arrival shows on the next visit).
 */
export function useInboxLive(): boolean {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email;
  const queryClient = useQueryClient();
  const [error, setError] = useState(false);

  useEffect(() => {
    if (!client || !ownerEmail) return;
    setError(false);
    const fetchThread: FetchThread = (id) =>
      queryClient.fetchQuery({ queryKey: inboxKeys.thread(ownerEmail, id), queryFn: () => getInboxThread(client, id) });
    const failed = (what: string) => (cause: Error) => {
      console.warn(`${what} subscription failed`, cause);
      setError(true);
    };
    const report = (what: string) => (cause: unknown) => console.warn(`applying a ${what} event failed`, cause);
    const variables = { ownerEmail };
    const applyQuestion = (raw: RawQuestion | null) => {
      if (!raw) return;
      queryClient.setQueryData<UnansweredQuestion[]>(inboxKeys.unanswered(ownerEmail), (list) =>
        list ? withQuestion(list, toQuestion(raw)) : list,
      );
    };
    const unsubscribes = [
      client.subscribe(ON_CREATE_THREAD, variables, {
        next: ({ onCreateSharedThread: raw }) => {
          if (raw) applyThreadEvent(queryClient, ownerEmail, raw, { complete: true, fetchThread }).catch(report('thread'));
        },
        error: failed('shared thread create'),
      }),
      client.subscribe(ON_UPDATE_THREAD, variables, {
        next: ({ onUpdateSharedThread: raw }) => {
          if (raw) applyThreadEvent(queryClient, ownerEmail, raw, { complete: false, fetchThread }).catch(report('thread'));
        },
        error: failed('shared thread update'),
      }),
      client.subscribe(ON_CREATE_MESSAGE, variables, {
        next: ({ onCreateSharedMessage: raw }) => {
          if (raw) applyMessageEvent(queryClient, ownerEmail, raw, { fetchThread }).catch(report('message'));
        },
        error: failed('shared message create'),
      }),
      client.subscribe(ON_UPDATE_MESSAGE, variables, {
        next: ({ onUpdateSharedMessage: raw }) => {
          if (raw) applyMessageUpdate(queryClient, ownerEmail, raw);
        },
        error: failed('shared message update'),
      }),
      client.subscribe(ON_CREATE_QUESTION, variables, {
        next: ({ onCreateUnansweredQuestion: raw }) => applyQuestion(raw),
        error: failed('unanswered question create'),
      }),
      client.subscribe(ON_UPDATE_QUESTION, variables, {
        next: ({ onUpdateUnansweredQuestion: raw }) => applyQuestion(raw),
        error: failed('unanswered question update'),
      }),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, ownerEmail, queryClient]);

  return error;
}
