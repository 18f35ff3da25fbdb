import { DEFAULT_THREAD_NAME, THREAD_NAME_MAX_LENGTH } from '@aisle/contracts/assistants';
import { CheckIcon, EllipsisIcon, MessageSquareIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { type Formatters, useFormat } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import type { ChatThread } from '../api/threads-api';
import { chatErrorText } from '../chat-error-text';

/**
 * A thread's name; an unnamed one, or one still called by the server's default name ("New chat"),
 * is named in the interface's language.
 */
export const threadName = (thread: Pick<ChatThread, 'name'>) => {
  const name = thread.name?.trim();
  return name && name !== DEFAULT_THREAD_NAME ? name : i18n.t('chat:threadList.defaultName');
};

/** "14:05" today, "Nov 3" before, in the interface's language. */
function whenText(iso: string, format: Formatters): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? format.time(date) : format.dateParts(date, { month: 'short', day: 'numeric' });
}

/** A thread's name as an input, saved on Enter or the tick, abandoned on Escape. */
function RenameField({ thread, onRename, onDone }: { thread: ChatThread; onRename: (name: string) => Promise<void>; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(threadName(thread));
  const [busy, setBusy] = useState(false);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = name.trim();
    if (!next || next === threadName(thread)) return onDone();
    setBusy(true);
    try {
      await onRename(next);
      onDone();
    } catch (error) {
      toast.error(chatErrorText(error, t('threadList.renameError')));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="flex items-center gap-1 p-1.5">
      <input
        aria-label={t('threadList.nameLabel')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        maxLength={THREAD_NAME_MAX_LENGTH}
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: the merchant just asked to rename this thread
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        className="h-8 min-w-0 flex-1 rounded-md border bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      />
      <Button type="submit" size="icon-sm" variant="ghost" aria-label={t('threadList.saveName')} disabled={busy}>
        <CheckIcon />
      </Button>
      <Button type="button" size="icon-sm" variant="ghost" aria-label={t('threadList.cancelRename')} onClick={onDone}>
        <XIcon />
      </Button>
    </form>
  );
}

/** The assistant's threads, newest first; the chosen one highlighted, each with rename and delete. */
export function ThreadList({
  threads,
  selectedId,
  onSelect,
  onRename,
  onDelete,
}: {
  threads: readonly ChatThread[];
  selectedId: string | null;
  onSelect: (thread: ChatThread) => void;
  onRename: (thread: ChatThread, name: string) => Promise<void>;
  onDelete: (thread: ChatThread) => void;
}) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <ul aria-label={t('threadList.label')} className="flex min-w-0 flex-col gap-0.5">
      {threads.map((thread) => {
        const selected = thread.id === selectedId;
        const name = threadName(thread);
        return (
          <li
            key={thread.id}
            aria-label={name}
            className={cn('group relative min-w-0 rounded-lg transition-colors hover:bg-accent', selected && 'bg-accent')}
          >
            {renaming === thread.id ? (
              <RenameField thread={thread} onRename={(next) => onRename(thread, next)} onDone={() => setRenaming(null)} />
            ) : (
              <>
                <button
                  type="button"
                  onClick={() => onSelect(thread)}
                  aria-current={selected ? 'true' : undefined}
                  className="flex w-full items-center gap-2.5 rounded-lg py-2 pr-10 pl-2.5 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <MessageSquareIcon
                    aria-hidden="true"
                    className={cn('size-4 shrink-0 text-muted-foreground', selected && 'text-primary')}
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn('block truncate text-sm', selected && 'font-medium')} title={name}>
                      {name}
                    </span>
                    <span className="block text-muted-foreground text-xs">{whenText(thread.updatedAt || thread.createdAt, format)}</span>
                  </span>
                </button>
                <DropdownMenu modal={false}>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      className="absolute top-1/2 right-1 -translate-y-1/2 opacity-100 data-[state=open]:opacity-100 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
                      aria-label={t('threadList.actions', { name })}
                    >
                      <EllipsisIcon />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setRenaming(thread.id)}>
                      <PencilIcon />
                      {t('threadList.rename')}
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => onDelete(thread)}>
                      <Trash2Icon />
                      {t('threadList.delete')}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ThreadListSkeleton() {
  return (
    <div className="grid gap-1.5 p-1" aria-hidden="true">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-12 rounded-lg" />
      ))}
    </div>
  );
}
