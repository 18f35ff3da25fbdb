import { BookPlusIcon, CircleHelpIcon, LoaderCircleIcon, MessageSquareTextIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { FieldError, Textarea } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import type { UnansweredQuestion } from '../api/unanswered-questions-api';
import { useAnswerQuestion } from '../hooks/use-unanswered-questions';
import { fullTimeText, relativeTimeText } from '../thread-display';

/** The server's limit on an answer (answerUnansweredQuestion refuses longer text). */
const ANSWER_MAX_LENGTH = 4_000;

/** "Add an answer to the store": the answer, saved as a small FAQ document in the assistant's store. */
function AnswerForm({ question, onDone }: { question: UnansweredQuestion; onDone: () => void }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useAnswerQuestion();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) {
      setError(t('unanswered.writeFirst'));
      return;
    }
    // mutateAsync, not mutate's callbacks: the answered question leaves the list (and this form
    // unmounts) before per-call callbacks would run.
    try {
      await save.mutateAsync({ id: question.id, answer });
    } catch (failure) {
      setError(apiErrorText(failure, t('unanswered.addError')));
      return;
    }
    toast.success(t('unanswered.added'));
    onDone();
  };

  return (
    <form onSubmit={submit} className="mt-2 grid gap-2" aria-label={t('unanswered.formLabel', { question: question.question })}>
      <Textarea
        id={id}
        aria-label={t('unanswered.answer')}
        rows={3}
        maxLength={ANSWER_MAX_LENGTH}
        placeholder={t('unanswered.placeholder')}
        value={answer}
        autoFocus
        onChange={(event) => {
          setAnswer(event.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={save.isPending}>
          {t('unanswered.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('unanswered.save')}
        </Button>
      </div>
    </form>
  );
}

function QuestionItem({
  question,
  assistantName,
  now,
  onOpenThread,
}: {
  question: UnansweredQuestion;
  assistantName: string;
  now: number;
  onOpenThread: (id: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  const [answering, setAnswering] = useState(false);
  return (
    <li aria-label={question.question} className="rounded-lg border bg-background px-3 py-2.5">
      <p className="break-words font-medium text-sm">{t('unanswered.quoted', { question: question.question })}</p>
      <p className="mt-1 flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
        <span className="truncate">{assistantName}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={question.createdAt} title={fullTimeText(question.createdAt, format)} className="shrink-0 tabular-nums">
          {relativeTimeText(question.createdAt, now, format)}
        </time>
      </p>
      {answering ? (
        <AnswerForm question={question} onDone={() => setAnswering(false)} />
      ) : (
        <div className="mt-2 flex flex-wrap gap-1.5">
          <Button size="sm" variant="outline" onClick={() => setAnswering(true)}>
            <BookPlusIcon />
            {t('unanswered.addAnswer')}
          </Button>
          {question.sharedThreadID ? (
            <Button size="sm" variant="ghost" onClick={() => onOpenThread(question.sharedThreadID as string)}>
              <MessageSquareTextIcon />
              {t('unanswered.viewConversation')}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * What shoppers asked that the assistant could not answer, newest first, each with a one-click
 * "Add an answer to the store". `assistantNames` maps an assistant's id to its name.
 */
export function UnansweredQuestions({
  questions,
  isLoading,
  error,
  assistantNames,
  now,
  onOpenThread,
}: {
  questions: readonly UnansweredQuestion[];
  isLoading: boolean;
  error: unknown;
  assistantNames: ReadonlyMap<string, string>;
  now: number;
  onOpenThread: (threadId: string) => void;
}) {
  const { t } = useTranslation('inbox');
  if (error) {
    return (
      <p role="alert" className="m-1 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-destructive text-sm">
        {apiErrorText(error, t('unanswered.loadError'))}
      </p>
    );
  }
  if (isLoading) {
    return (
      <div className="grid gap-2 p-1" role="status" aria-label={t('unanswered.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-[88px] rounded-lg" />
        ))}
      </div>
    );
  }
  if (questions.length === 0) {
    return (
      <EmptyState icon={CircleHelpIcon} title={t('unanswered.emptyTitle')}>
        <p className="mt-1 max-w-xs text-muted-foreground text-sm">{t('unanswered.emptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="px-1 text-muted-foreground text-xs">{t('unanswered.intro')}</p>
      <ul aria-label={t('unanswered.list')} className="grid gap-2">
        {questions.map((question) => (
          <QuestionItem
            key={question.id}
            question={question}
            assistantName={assistantNames.get(question.assistantId) ?? t('unanswered.assistant')}
            now={now}
            onOpenThread={onOpenThread}
          />
        ))}
      </ul>
    </div>
  );
}
