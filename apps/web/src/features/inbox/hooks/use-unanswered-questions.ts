import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import { inboxKeys } from '../api/inbox-keys';
import { answerUnansweredQuestion, listUnansweredQuestions, type UnansweredQuestion } from '../api/unanswered-questions-api';
import { withoutQuestion } from '../unanswered-cache';

/** The questions the assistant could not answer; live events (use-inbox-live) add new ones and drop answered ones. */
export function useUnansweredQuestions() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const query = useQuery({
    queryKey: inboxKeys.unanswered(user?.email),
    queryFn: () => listUnansweredQuestions(client as DataClient),
    enabled: !!client && !!user?.email,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  return { questions: query.data ?? [], isLoading: query.isPending, error: query.error };
}

/** "Add an answer to the store": the answered question leaves the list. */
export function useAnswerQuestion() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => {
      if (!client) throw new Error(i18n.t('inbox:errors.notConnected'));
      return answerUnansweredQuestion(client, id, answer);
    },
    onSuccess: (answered) =>
      queryClient.setQueryData<UnansweredQuestion[]>(inboxKeys.unanswered(user?.email), (list) =>
        list ? withoutQuestion(list, answered.id) : list,
      ),
  });
}
