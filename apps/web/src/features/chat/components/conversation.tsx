import type { Assistant } from '@aisle/contracts/assistants';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from '@aisle/contracts/chat';
import { AlertCircleIcon, CircleStopIcon, MessageCircleQuestionIcon, RotateCcwIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageComposer } from '@/components/message-composer';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { ChatThread } from '../api/threads-api';
import { chatErrorText } from '../chat-error-text';
import { parseLlmUsage } from '../format-usage';
import { useChatTurn } from '../hooks/use-chat-turn';
import { useMessages } from '../hooks/use-messages';
import type { TurnState } from '../reply-state';
import { suggestedQuestionsOf } from '../suggested-questions';
import { AssistantBubble, UserBubble } from './message-bubbles';

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_THRESHOLD = 120;

/** The failed turn's banner: what went wrong and the way out (retry, or top up for no credit). */
function TurnErrorBanner({ turn, onRetry }: { turn: TurnState; onRetry: () => void }) {
  const { t } = useTranslation('chat');
  const error = turn.error;
  if (!error) return null;
  return (
    <div
      role="alert"
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm"
    >
      <AlertCircleIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">{error.detail}</span>
      {error.code === 'no_credit' ? (
        <Button asChild size="sm" variant="outline">
          <Link to={paths.account}>{t('conversation.topUp')}</Link>
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RotateCcwIcon />
          {t('conversation.retry')}
        </Button>
      )}
    </div>
  );
}

function Suggestions({ questions, onAsk }: { questions: string[]; onAsk: (question: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">{t('conversation.suggestTitle')}</h2>
      <p className="mt-1 text-muted-foreground text-sm">{t('conversation.suggestBody')}</p>
      {questions.length ? (
        <ul aria-label={t('conversation.suggested')} className="mt-6 flex flex-wrap justify-center gap-2">
          {questions.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onAsk(question)}
                className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3.5 py-1.5 text-left text-sm shadow-xs outline-none transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <MessageCircleQuestionIcon className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * One thread's conversation: the stored messages, the turn in progress streaming in, and the
 * composer. Keyed by thread, so switching threads stops the reply and starts clean.
 */
export function Conversation({
  assistant,
  thread,
  onTurnFinished,
}: {
  assistant: Assistant;
  thread: ChatThread;
  onTurnFinished: (thread: ChatThread, question: string) => void;
}) {
  const { t } = useTranslation('chat');
  const { messages, isLoading, error, append } = useMessages(thread.id);
  const { turn, busy, send, retry, stop } = useChatTurn({
    threadId: thread.id,
    onFinished: (question: ChatMessage | null, reply: ChatMessage | null) => {
      append(
        thread.id,
        [question, reply].filter((message): message is ChatMessage => !!message),
      );
      if (reply && question) onTurnFinished(thread, question.content);
    },
  });
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // Follow the reply as it grows, unless the merchant scrolled up to read.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  });
  useEffect(() => {
    if (turn?.status === 'sending') following.current = true;
  }, [turn?.status]);

  const name = assistant.assistantName;
  const empty = !isLoading && !error && messages.length === 0 && !turn;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
        }}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        {isLoading ? (
          <div className="mx-auto grid max-w-3xl gap-4 p-4 md:p-6" role="status" aria-label={t('conversation.loading')}>
            <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
            <Skeleton className="h-24 w-3/4 rounded-2xl" />
          </div>
        ) : error ? (
          <p role="alert" className="m-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
            {chatErrorText(error, t('conversation.loadError'))}
          </p>
        ) : empty ? (
          <Suggestions questions={suggestedQuestionsOf(assistant.assistantUserQA)} onAsk={send} />
        ) : (
          <ol aria-label={t('conversation.label')} className="mx-auto flex max-w-3xl flex-col gap-5 p-4 md:p-6">
            {messages.map((message) =>
              message.senderType === 'user' ? (
                <UserBubble key={message.id} content={message.content} avatarUrl={assistant.userAvatarUrl} />
              ) : (
                <StoredReply
                  key={message.id}
                  name={name}
                  avatarUrl={assistant.assistantAvatarUrl}
                  content={message.content}
                  llmUsage={message.llmUsage}
                />
              ),
            )}
            {turn ? (
              <>
                <UserBubble content={turn.question} avatarUrl={assistant.userAvatarUrl} />
                <AssistantBubble
                  assistantName={name}
                  avatarUrl={assistant.assistantAvatarUrl}
                  text={turn.text}
                  citations={turn.citations}
                  toolCalls={turn.toolCalls}
                  products={turn.products}
                  usage={turn.usage}
                  streaming={busy}
                >
                  {turn.status === 'stopped' ? (
                    <p className="mt-2 flex items-center gap-1.5 text-muted-foreground text-xs">
                      <CircleStopIcon className="size-3.5" aria-hidden="true" />
                      {t('conversation.stopped')}
                      <button type="button" onClick={retry} className="font-medium text-primary hover:underline">
                        {t('conversation.askAgain')}
                      </button>
                    </p>
                  ) : null}
                  <TurnErrorBanner turn={turn} onRetry={retry} />
                </AssistantBubble>
              </>
            ) : null}
          </ol>
        )}
      </div>
      <div className="border-t bg-background/80 p-3 backdrop-blur md:px-6 md:py-4">
        <div className="mx-auto max-w-3xl">
          <MessageComposer
            id="chat-composer"
            formLabel={t('conversation.formLabel')}
            fieldLabel={t('conversation.fieldLabel')}
            placeholder={busy ? t('conversation.answering', { name }) : t('conversation.placeholder', { name })}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            busy={busy}
            focusWhenReady
            onSend={send}
            onStop={stop}
          />
          <p className="mt-1.5 hidden text-center text-[11px] text-muted-foreground sm:block">{t('conversation.keys')}</p>
        </div>
      </div>
    </div>
  );
}

function StoredReply({
  name,
  avatarUrl,
  content,
  llmUsage,
}: {
  name: string;
  avatarUrl: string | null;
  content: string;
  llmUsage: unknown;
}) {
  const usage = parseLlmUsage(llmUsage);
  return (
    <AssistantBubble
      assistantName={name}
      avatarUrl={avatarUrl}
      text={content}
      citations={usage?.citations ?? []}
      toolCalls={usage?.toolCalls ?? []}
      products={usage?.products ?? []}
      usage={usage}
    />
  );
}
