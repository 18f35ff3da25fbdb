import { replyRefusalOf, replyWindowOf } from '@aisle/contracts/channels';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftIcon, ListPlusIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { type InboxThread, isUnread } from '../api/shared-thread-fields';
import { addConversationAsTestCase } from '../api/test-case-api';
import { useInboxThread, useThreadMessages } from '../hooks/use-inbox-thread';
import { useNow } from '../hooks/use-now';
import { usePageVisible } from '../hooks/use-page-visible';
import { useThreadActions } from '../hooks/use-thread-actions';
import { replyWindowNote } from '../reply-window-text';
import { fullTimeText, visitorName } from '../thread-display';
import { HandoffControls } from './handoff-controls';
import { NeedsPersonNotice } from './needs-person-notice';
import { ReplyComposer } from './reply-composer';
import { ClosedComposer, ReplyWindowNotice } from './reply-window-notice';
import { OriginBadge } from './thread-badges';
import { ThreadMessage } from './thread-messages';
import { ThreadSummary } from './thread-summary';
import { VisitorContactCard } from './visitor-contact';

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_THRESHOLD = 120;

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Button variant="ghost" size="icon-sm" className="md:hidden" aria-label={t('thread.back')} onClick={onBack}>
      <ArrowLeftIcon />
    </Button>
  );
}

/** The chosen conversation, loaded from the list when it is there or by id (a shared link, a reload). */
export function ThreadView({ threadId, onBack }: { threadId: string; onBack: () => void }) {
  const { t } = useTranslation('inbox');
  const { thread, isLoading, error } = useInboxThread(threadId);
  if (thread) return <ThreadPane thread={thread} onBack={onBack} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-14 shrink-0 items-center gap-2 border-b px-3">
        <BackButton onBack={onBack} />
      </div>
      {isLoading ? (
        <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" role="status" aria-label={t('thread.loading')}>
          <Skeleton className="h-10 w-1/2 rounded-2xl" />
          <Skeleton className="ml-auto h-24 w-3/4 rounded-2xl" />
        </div>
      ) : (
        <p role="alert" className="m-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {error ? apiErrorText(error, t('thread.loadError')) : t('thread.notFound')}
        </p>
      )}
    </div>
  );
}

function ThreadPane({ thread, onBack }: { thread: InboxThread; onBack: () => void }) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  const { messages, isLoading, error } = useThreadMessages(thread.id);
  const { pause, handled, reply, summarize, markRead } = useThreadActions(thread.id);
  const visible = usePageVisible();
  const visitor = visitorName(thread);
  const unread = isUnread(thread);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // Channels allow replies only within a window after the customer's last message (Messenger,
  // Instagram, WhatsApp): the time left is shown, and the composer gives way once nothing can go out.
  const now = useNow(60_000);
  const replyWindow = replyWindowOf(thread.origin, thread.lastVisitorMessageAt, now);
  const windowNote = replyWindowNote(thread.origin, replyWindow, now);
  const closed = replyRefusalOf(replyWindow, true) !== null;

  // Opening a conversation, or a visitor writing while it is open and in view, reads it.
  useEffect(() => {
    if (unread && visible) void markRead(thread.lastVisitorMessageAt);
  }, [unread, visible, thread.lastVisitorMessageAt, markRead]);

  // New messages scroll into view, unless the owner scrolled up to read.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  });

  const togglePause = () => {
    const paused = !thread.autoReplyPaused;
    pause.mutate(paused, {
      onError: (failure) => toast.error(apiErrorText(failure, paused ? t('thread.pauseError') : t('thread.resumeError'))),
    });
  };

  const send = async (text: string) => {
    following.current = true;
    try {
      await reply.mutateAsync(text);
    } catch (failure) {
      toast.error(apiErrorText(failure, t('thread.replyError')));
      throw failure;
    }
  };

  const markHandled = () =>
    handled.mutate(undefined, {
      onError: (failure) => toast.error(apiErrorText(failure, t('thread.handledError'))),
    });

  // The latest question and its answer become one of the assistant's test questions (issue 35).
  const { accessToken } = useAuth();
  const addAsTest = useMutation({ mutationFn: () => addConversationAsTestCase(accessToken, thread.id) });
  const addTestCase = () =>
    addAsTest.mutate(undefined, {
      onSuccess: () => toast.success(t('thread.testCaseAdded', { name: thread.assistantName ?? t('list.sharedAssistant') })),
      onError: (failure) => toast.error(apiErrorText(failure, t('thread.testCaseError'))),
    });

  const summarizeNow = () =>
    summarize.mutate(undefined, {
      onError: (failure) => toast.error(apiErrorText(failure, t('thread.summarizeError'))),
    });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3 md:px-4">
        <BackButton onBack={onBack} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium text-sm" data-testid="thread-title" title={visitor}>
            {visitor}
          </h2>
          <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
            <span className="truncate" title={thread.assistantName ?? undefined}>
              {thread.assistantName ?? t('list.sharedAssistant')}
            </span>
            <OriginBadge origin={thread.origin} />
            <span className="hidden truncate sm:inline" title={fullTimeText(thread.createdAt, format)}>
              {t('thread.started', { time: fullTimeText(thread.createdAt, format) })}
            </span>
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={addTestCase}
          disabled={addAsTest.isPending}
          aria-label={t('thread.addTestCase')}
          title={t('thread.addTestCaseHint')}
        >
          {addAsTest.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ListPlusIcon />}
          <span className="hidden lg:inline">{t('thread.addTestCaseShort')}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={summarizeNow} disabled={summarize.isPending}>
          {summarize.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon />}
          {summarize.isPending ? t('thread.summarizing') : thread.threadSummary ? t('thread.summarizeAgain') : t('thread.summarize')}
        </Button>
      </header>
      {thread.needsHuman ? (
        <NeedsPersonNotice
          reason={thread.needsHumanReason}
          since={thread.needsHumanAt}
          pending={handled.isPending}
          onHandled={markHandled}
        />
      ) : null}
      <HandoffControls paused={thread.autoReplyPaused} onToggle={togglePause} />
      {windowNote ? <ReplyWindowNotice note={windowNote} /> : null}
      <div
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
        }}
        className="min-h-0 flex-1 overflow-y-auto p-4 md:p-6"
      >
        {thread.visitorContact ? <VisitorContactCard contact={thread.visitorContact} /> : null}
        {thread.threadSummary ? <ThreadSummary summary={thread.threadSummary} /> : null}
        {isLoading ? (
          <div className="mx-auto grid max-w-3xl gap-4" role="status" aria-label={t('thread.loadingMessages')}>
            <Skeleton className="h-10 w-1/2 rounded-2xl" />
            <Skeleton className="ml-auto h-24 w-3/4 rounded-2xl" />
          </div>
        ) : error ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
            {apiErrorText(error, t('thread.messagesError'))}
          </p>
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground text-sm">{t('thread.noMessages')}</p>
        ) : (
          <ol aria-label={t('thread.messages')} className="mx-auto flex max-w-3xl flex-col gap-4 pt-2">
            {messages.map((message) => (
              <ThreadMessage key={message.id} message={message} visitor={visitor} />
            ))}
          </ol>
        )}
      </div>
      {closed && windowNote ? (
        <ClosedComposer note={windowNote} />
      ) : (
        <ReplyComposer visitor={visitor} paused={thread.autoReplyPaused} onSend={send} />
      )}
    </div>
  );
}
