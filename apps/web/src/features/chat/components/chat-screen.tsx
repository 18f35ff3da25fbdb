import { type Assistant, DEFAULT_THREAD_NAME, THREAD_NAME_MAX_LENGTH } from '@aisle/contracts/assistants';
import { MenuIcon, MessageSquareIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { InAppHeader } from '@/components/layouts/header-slot';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { ChatThread } from '../api/threads-api';
import { chatErrorText } from '../chat-error-text';
import { useThreads } from '../hooks/use-threads';
import { readLastAssistant, rememberLastAssistant } from '../last-assistant';
import { AssistantPicker } from './assistant-picker';
import { NoAssistantsState, NoThreadsState } from './chat-empty-states';
import { Conversation } from './conversation';
import { DeleteThreadDialog } from './delete-thread-dialog';
import { ThreadList, ThreadListSkeleton, threadName } from './thread-list';

/** Tailwind's `lg`: from here the chats panel stands beside the conversation (below, it is a sheet). */
const CHATS_PANEL_QUERY = '(min-width: 64rem)';

/** A new chat is named after its first question, cut to fit a list row. */
const AUTO_NAME_LENGTH = 60;
const autoName = (question: string) => {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > AUTO_NAME_LENGTH ? `${line.slice(0, AUTO_NAME_LENGTH - 1).trimEnd()}…` : line;
};

/**
 * The Chat screen: pick an assistant (live start-up collection), its threads newest first, and
 * the chosen thread's conversation with streaming replies. Assistant and thread are in the URL
 * (`?assistant=<id>&thread=<id>`), so a reload or a link from the Assistants screen opens them;
 * without them, the screen opens on the assistant this user chatted with last.
 */
export function ChatScreen() {
  const { t } = useTranslation('chat');
  const { status, items: assistants } = useCollection<Assistant>('assistants');
  const [params, setParams] = useSearchParams();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ thread: ChatThread; open: boolean } | null>(null);
  const [starting, setStarting] = useState(false);
  const wide = useMediaQuery(CHATS_PANEL_QUERY);

  const email = useAuth().user?.email ?? null;
  // Without one in the URL, the assistant used last (per user), else the newest.
  const [lastUsed] = useState(() => (email ? readLastAssistant(email) : null));
  const wantedAssistant = params.get('assistant') ?? lastUsed;
  const assistant = assistants.find((a) => a.id === wantedAssistant) ?? assistants[0] ?? null;
  const assistantId = assistant?.id ?? null;
  useEffect(() => {
    if (email && assistantId) rememberLastAssistant(email, assistantId);
  }, [email, assistantId]);
  const threads = useThreads(assistant?.id ?? null);
  const wantedThread = params.get('thread');
  const thread = threads.threads.find((t) => t.id === wantedThread) ?? (wantedThread ? null : (threads.threads[0] ?? null));

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const selectThread = (id: string | null) => {
    setParam({ assistant: assistant?.id ?? null, thread: id });
    setSheetOpen(false);
  };

  const startThread = async () => {
    setStarting(true);
    try {
      const created = await threads.create();
      selectThread(created.id);
    } catch (error) {
      toast.error(chatErrorText(error, t('screen.startError')));
    } finally {
      setStarting(false);
    }
  };

  const rename = async (target: ChatThread, name: string) => {
    await threads.rename(target.id, name);
    toast.success(t('screen.renamed'));
  };

  const remove = async (target: ChatThread) => {
    await threads.remove(target.id);
    if (thread?.id === target.id) setParam({ thread: null });
    toast.success(t('screen.deleted', { name: threadName(target) }));
  };

  const nameAfterFirstQuestion = (target: ChatThread, question: string) => {
    if (target.name?.trim() && target.name !== DEFAULT_THREAD_NAME) return;
    threads
      .rename(target.id, autoName(question).slice(0, THREAD_NAME_MAX_LENGTH))
      .catch((error) => console.warn('naming the chat failed', error));
  };

  const loading = status.state === 'loading' || status.state === 'not-initialised';

  if (!assistant) {
    return (
      <div className="mx-auto w-full max-w-7xl p-4 md:p-8">
        <ChatHeader />
        {status.state === 'error' ? (
          <p role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
            {status.error}
          </p>
        ) : null}
        {loading ? <Skeleton className="h-72 rounded-2xl" /> : <NoAssistantsState />}
      </div>
    );
  }

  const titleText = thread ? threadName(thread) : t('screen.title');
  const subtitleText = `${assistant.assistantName}${assistant.model ? ` · ${assistant.model}` : ''}`;
  const titleBar = (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium text-sm" data-testid="chat-title" title={titleText}>
        {titleText}
      </p>
      <p className="truncate text-muted-foreground text-xs" title={subtitleText}>
        {subtitleText}
      </p>
    </div>
  );

  const panel = (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <AssistantPicker assistants={assistants} value={assistant.id} onChange={(id) => setParam({ assistant: id, thread: null })} />
      <Button variant="outline" className="justify-start" onClick={() => void startThread()} disabled={starting}>
        <PlusIcon />
        {t('screen.newChat')}
      </Button>
      <nav aria-label={t('screen.yourChats')} className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {threads.isLoading ? (
          <ThreadListSkeleton />
        ) : threads.threads.length ? (
          <ThreadList
            threads={threads.threads}
            selectedId={thread?.id ?? null}
            onSelect={(t) => selectThread(t.id)}
            onRename={rename}
            onDelete={(t) => setDeleting({ thread: t, open: true })}
          />
        ) : (
          <p className="px-2 py-6 text-center text-muted-foreground text-sm">{t('screen.noChats')}</p>
        )}
      </nav>
    </div>
  );

  return (
    <div className="flex h-[calc(100svh-3.5rem)] min-h-[480px] w-full">
      <aside aria-label={t('screen.panel')} className="hidden w-72 shrink-0 flex-col border-r bg-sidebar/40 p-3 lg:flex">
        <ChatHeader compact />
        {panel}
      </aside>
      <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
        <SheetContent side="left" className="w-[min(20rem,88vw)] gap-0 p-3 pt-10">
          <SheetHeader className="sr-only">
            <SheetTitle>{t('screen.sheetTitle')}</SheetTitle>
            <SheetDescription>{t('screen.sheetDescription')}</SheetDescription>
          </SheetHeader>
          {panel}
        </SheetContent>
      </Sheet>

      <section aria-label={t('screen.title')} className="flex min-w-0 flex-1 flex-col">
        <h1 className="sr-only lg:hidden">{t('screen.title')}</h1>
        {wide ? (
          <div className="flex h-12 shrink-0 items-center gap-2 border-b px-4">{titleBar}</div>
        ) : (
          // Without the chats panel (phones, tablets) the bar joins the app's header: one header, not two.
          <InAppHeader>
            <Button variant="ghost" size="icon-sm" aria-label={t('screen.showChats')} onClick={() => setSheetOpen(true)}>
              <MenuIcon />
            </Button>
            {titleBar}
            <Button variant="ghost" size="icon-sm" aria-label={t('screen.newChat')} onClick={() => void startThread()} disabled={starting}>
              <PlusIcon />
            </Button>
          </InAppHeader>
        )}
        {threads.error ? (
          <p role="alert" className="m-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
            {chatErrorText(threads.error, t('screen.loadError'))}
          </p>
        ) : thread ? (
          <Conversation key={thread.id} assistant={assistant} thread={thread} onTurnFinished={nameAfterFirstQuestion} />
        ) : threads.isLoading ? (
          <div className="flex-1" />
        ) : (
          <NoThreadsState assistantName={assistant.assistantName} onStart={() => void startThread()} busy={starting} />
        )}
      </section>

      <DeleteThreadDialog
        name={deleting ? threadName(deleting.thread) : ''}
        open={!!deleting?.open}
        onOpenChange={(open) => !open && setDeleting((current) => (current ? { ...current, open: false } : null))}
        onConfirm={() => (deleting ? remove(deleting.thread) : Promise.resolve())}
      />
    </div>
  );
}

function ChatHeader({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <header className={compact ? 'mb-3 flex items-center gap-2 px-1' : 'mb-6 flex items-center gap-3'}>
      <span
        className={
          compact
            ? 'flex size-7 items-center justify-center rounded-md bg-primary/10 text-primary'
            : 'flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary'
        }
      >
        <MessageSquareIcon className={compact ? 'size-4' : 'size-5'} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className={compact ? 'font-semibold text-base tracking-tight' : 'font-semibold text-2xl tracking-tight'}>
          {t('screen.title')}
        </h1>
        {compact ? null : <p className="text-muted-foreground text-sm">{t('screen.subtitle')}</p>}
      </div>
    </header>
  );
}
