import type { Assistant } from '@aisle/contracts/assistants';
import { LinkIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import type { AssistantShare } from '../api/shared-assistants-api';
import { useAssistantShares } from '../hooks/use-assistant-shares';
import { type NewShare, ShareCreateForm } from './share-create-form';
import { ShareItem, type ShareItemActions } from './share-item';

/**
 * Sharing one assistant: its links (each with status, on/off, link and widget snippet to copy,
 * expiry, colours, delete) and a form for a new one, open at once while there is none.
 */
export function SharePanel({ assistant }: { assistant: Pick<Assistant, 'id' | 'assistantName'> }) {
  const { shares, isLoading, error, create, update, remove } = useAssistantShares(assistant.id);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ share: AssistantShare; open: boolean } | null>(null);
  const origin = window.location.origin;
  const now = Date.now();

  const onCreate = async (share: NewShare) => {
    await create.mutateAsync({ expiresAt: share.expiresAt, theme: share.theme });
    setCreating(false);
    toast.success('Share link created');
  };

  const actions: ShareItemActions = {
    onToggle: (share, isActive) =>
      update.mutate(
        { id: share.id, changes: { isActive } },
        {
          onSuccess: () => toast.success(isActive ? 'Link turned on' : 'Link turned off'),
          onError: (failure) => toast.error(apiErrorText(failure, 'The link could not be changed. Please try again.')),
        },
      ),
    onExpiry: async (share, expiresAt) => {
      await update.mutateAsync({ id: share.id, changes: { expiresAt } });
      toast.success(expiresAt ? 'Expiry saved' : 'The link no longer expires');
    },
    onTheme: async (share, theme) => {
      await update.mutateAsync({ id: share.id, changes: { theme } });
      toast.success('Colours saved');
    },
    onDelete: (share) => setDeleting({ share, open: true }),
  };

  const showForm = creating || (!isLoading && !error && shares.length === 0);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {apiErrorText(error, 'The share links could not be loaded. Please reload the page.')}
        </p>
      ) : null}

      {showForm ? (
        <section aria-label="Create share link" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-4">
          <header>
            <h3 className="flex items-center gap-2 font-medium">
              <LinkIcon className="size-4 text-primary" aria-hidden="true" />
              {shares.length ? 'New share link' : 'Share this assistant'}
            </h3>
            <p className="mt-1 text-muted-foreground text-xs">
              Anyone with the link can chat with {assistant.assistantName}, on its own page or in a widget on your shop. You see every
              conversation live in Conversations.
            </p>
          </header>
          <ShareCreateForm assistantName={assistant.assistantName} onCreate={onCreate} />
          {creating ? (
            <div>
              <Button variant="ghost" size="sm" onClick={() => setCreating(false)}>
                Cancel
              </Button>
            </div>
          ) : null}
        </section>
      ) : isLoading ? null : (
        <div>
          <Button variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create share link
          </Button>
        </div>
      )}

      {isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading share links">
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : shares.length ? (
        <ul aria-label="Share links" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
          {shares.map((share) => (
            <ShareItem key={share.id} share={share} assistantName={assistant.assistantName} origin={origin} now={now} actions={actions} />
          ))}
        </ul>
      ) : null}

      <ConfirmDialog
        open={!!deleting?.open}
        onOpenChange={(open) => !open && setDeleting((current) => (current ? { ...current, open: false } : null))}
        title="Delete share link?"
        confirmLabel="Delete link"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.share.id);
          toast.success('Share link deleted');
        }}
      >
        <p>
          The link and the widget stop working at once, and the conversations visitors had through this link are deleted. This cannot be
          undone. To stop it for a while, turn it off instead.
        </p>
      </ConfirmDialog>
    </div>
  );
}
