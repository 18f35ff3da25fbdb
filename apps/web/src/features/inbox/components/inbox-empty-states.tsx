import { ArrowRightIcon, InboxIcon, MessagesSquareIcon, SearchXIcon, Share2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Nothing shared yet: where sharing starts. */
export function NoSharesState() {
  return (
    <EmptyState icon={Share2Icon} title="Share an assistant to start">
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">
        Give customers a chat link or put the widget on your shop. Their conversations show up here, live, and you can step in at any time.
      </p>
      <Button asChild size="sm" className="mt-5">
        <Link to={paths.assistants}>
          Share an assistant
          <ArrowRightIcon />
        </Link>
      </Button>
    </EmptyState>
  );
}

/** Shared, but no one has written yet: the link to hand out. */
export function NoConversationsState({ link }: { link: string | null }) {
  return (
    <EmptyState icon={InboxIcon} title="No conversations yet">
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">
        When a customer writes to your shared assistant, the conversation appears here at once.
        {link ? ' Share this link to get started:' : ''}
      </p>
      {link ? (
        <div className="mt-4 flex w-full max-w-xs items-center gap-1.5 rounded-lg border bg-muted/40 py-1 pr-1 pl-2.5">
          <code className="min-w-0 flex-1 truncate text-left text-xs" title={link}>
            {link}
          </code>
          <CopyButton text={link} label="Copy link" size="icon-sm" variant="ghost" />
        </div>
      ) : (
        <Button asChild size="sm" variant="outline" className="mt-4">
          <Link to={paths.assistants}>Manage shares</Link>
        </Button>
      )}
    </EmptyState>
  );
}

/** A search or filter that matched nothing. */
export function NoResultsState({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <EmptyState icon={SearchXIcon} title="No matching conversations">
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">
        {search ? `Nothing matches “${search}”` : 'Nothing matches these filters'}. Try other words or clear the filters.
      </p>
      <Button size="sm" variant="outline" className="mt-4" onClick={onClear}>
        Clear search and filters
      </Button>
    </EmptyState>
  );
}

/** The thread pane before a conversation is picked (wide screens). */
export function NoThreadSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <MessagesSquareIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">Pick a conversation</h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        Read what customers asked and how your assistant answered. Pause auto-reply on a conversation to answer by hand.
      </p>
    </div>
  );
}

/** Which empty list this is: nothing shared, nothing matched, or no one has written yet. */
export function InboxEmptyState({
  filtered,
  search,
  hasShares,
  link,
  onClear,
}: {
  filtered: boolean;
  search: string;
  hasShares: boolean;
  link: string | null;
  onClear: () => void;
}) {
  if (filtered) return <NoResultsState search={search} onClear={onClear} />;
  if (!hasShares) return <NoSharesState />;
  return <NoConversationsState link={link} />;
}
