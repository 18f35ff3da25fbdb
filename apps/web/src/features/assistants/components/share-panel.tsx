import type { Assistant } from '@aisle/contracts/assistants';
import { LinkIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('assistants');
  const { shares, isLoading, error, create, update, remove } = useAssistantShares(assistant.id);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ share: AssistantShare; open: boolean } | null>(null);
  const origin = window.location.origin;
  const now = Date.now();

  const onCreate = async (share: NewShare) => {
    await create.mutateAsync({ expiresAt: share.expiresAt, theme: share.theme });
    setCreating(false);
    toast.success(t('share.created'));
  };

  const actions: ShareItemActions = {
    onToggle: (share, isActive) =>
      update.mutate(
        { id: share.id, changes: { isActive } },
        {
          onSuccess: () => toast.success(isActive ? t('share.turnedOn') : t('share.turnedOff')),
          onError: (failure) => toast.error(apiErrorText(failure, t('share.changeFailed'))),
        },
      ),
    onExpiry: async (share, expiresAt) => {
      await update.mutateAsync({ id: share.id, changes: { expiresAt } });
      toast.success(expiresAt ? t('share.expirySaved') : t('share.noLongerExpires'));
    },
    onTheme: async (share, theme) => {
      await update.mutateAsync({ id: share.id, changes: { theme } });
      toast.success(t('share.coloursSaved'));
    },
    onDelete: (share) => setDeleting({ share, open: true }),
  };

  const showForm = creating || (!isLoading && !error && shares.length === 0);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {apiErrorText(error, t('share.loadFailed'))}
        </p>
      ) : null}

      {showForm ? (
        <section
          aria-label={t('share.createSection')}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-4"
        >
          <header>
            <h3 className="flex items-center gap-2 font-medium">
              <LinkIcon className="size-4 text-primary" aria-hidden="true" />
              {shares.length ? t('share.newLink') : t('share.shareThis')}
            </h3>
            <p className="mt-1 wrap-anywhere text-muted-foreground text-xs">{t('share.intro', { name: assistant.assistantName })}</p>
          </header>
          <ShareCreateForm assistantName={assistant.assistantName} onCreate={onCreate} />
          {creating ? (
            <div>
              <Button variant="ghost" size="sm" onClick={() => setCreating(false)}>
                {t('share.cancel')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : isLoading ? null : (
        <div>
          <Button variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon />
            {t('share.create')}
          </Button>
        </div>
      )}

      {isLoading ? (
        <div className="grid gap-3" role="status" aria-label={t('share.loading')}>
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : shares.length ? (
        <ul aria-label={t('share.listLabel')} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
          {shares.map((share) => (
            <ShareItem key={share.id} share={share} assistantName={assistant.assistantName} origin={origin} now={now} actions={actions} />
          ))}
        </ul>
      ) : null}

      <ConfirmDialog
        open={!!deleting?.open}
        onOpenChange={(open) => !open && setDeleting((current) => (current ? { ...current, open: false } : null))}
        title={t('share.deleteTitle')}
        confirmLabel={t('share.deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.share.id);
          toast.success(t('share.deleted'));
        }}
      >
        <p>{t('share.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
