import type { Store } from '@aisle/contracts/knowledge';
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent } from '@/app/startup-data/collection-events';
import { startupQueryKey, useCollection } from '@/app/startup-data/startup-data-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Button } from '@/components/ui/button';
import { createStore, deleteStore, renameStore } from '../api/stores-api';
import { useStoreRows } from '../hooks/use-store-rows';
import { useUploads } from '../hooks/use-uploads';
import { StoreDetail } from './store-detail';
import { StoreNameDialog } from './store-dialogs';
import { StoresEmptyState, StoresList, StoresListSkeleton } from './stores-list';

type Dialog = { kind: 'create' } | { kind: 'rename'; store: Store } | { kind: 'delete'; store: Store };

/**
 * The Store screen: the merchant's knowledge stores (live start-up collection), the chosen one's
 * files with uploads and processing as they happen, and a retrieval test. The chosen store is in
 * the URL (`?store=<id>`), so a reload or a shared link opens it.
 */
export function StoreScreen() {
  const { t } = useTranslation('knowledge');
  const { status, items: stores } = useCollection<Store>('stores');
  const { user, sessionStore } = useAuth();
  const { client } = useAppSync();
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const [params, setParams] = useSearchParams();
  // The last dialog stays described while it closes, so its text does not blank during the fade.
  const [dialog, setDialogState] = useState<Dialog & { open: boolean }>({ kind: 'create', open: false });
  const setDialog = (next: Dialog | null) => setDialogState((current) => (next ? { ...next, open: true } : { ...current, open: false }));

  const wanted = params.get('store');
  const selected = stores.find((store) => store.id === wanted) ?? (wanted ? null : (stores[0] ?? null));
  const files = useStoreRows(selected?.id ?? null, uploads.uploads);
  // One count per store: the chosen one's is its list's, once loaded; the others' are the server's,
  // counted the same way (files taken in, whatever became of them).
  const fileCountOf = (store: Store) => (store.id === selected?.id && files.loaded ? files.counts.files : (store.fileCount ?? 0));

  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('store', id);
        else next.delete('store');
        return next;
      },
      { replace: true },
    );

  // Show our own changes at once; the live events say the same a moment later.
  const applyToStores = (event: Parameters<typeof applyCollectionEvent<Store>>[1]) =>
    queryClient.setQueryData<Store[]>(startupQueryKey('stores', user?.email), (current) =>
      current ? applyCollectionEvent(current, event, { ignoreDuplicateCreates: true }) : current,
    );

  const create = async (name: string) => {
    const store = await createStore(await sessionStore.getValidAccessToken(), name);
    applyToStores({ type: 'create', item: store });
    select(store.id);
    setDialog(null);
    toast.success(t('storeScreen.created', { name: store.name }));
  };

  const rename = async (store: Store, name: string) => {
    if (!client) throw new Error(t('storeScreen.notConnected'));
    const updated = await renameStore(client, store.id, name);
    applyToStores({ type: 'update', item: { ...store, ...updated } });
    setDialog(null);
    toast.success(t('storeScreen.renamed'));
  };

  const remove = async (store: Store) => {
    await deleteStore(await sessionStore.getValidAccessToken(), store.id);
    applyToStores({ type: 'delete', id: store.id });
    if (selected?.id === store.id) select(null);
    toast.success(t('storeScreen.deleted', { name: store.name }));
  };

  const loading = status.state === 'loading' || status.state === 'not-initialised';

  return (
    <div className="mx-auto w-full max-w-7xl p-4 md:p-8">
      <ScreenHeader
        title={t('storeScreen.title')}
        icon={DatabaseIcon}
        summary={t('storeScreen.summary')}
        action={
          stores.length > 0 ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon />
              {t('storeScreen.newStore')}
            </Button>
          ) : null
        }
      />

      {status.state === 'error' ? (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {status.error}
        </p>
      ) : null}

      {loading && stores.length === 0 ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
          <StoresListSkeleton />
        </div>
      ) : stores.length === 0 ? (
        <StoresEmptyState onCreate={() => setDialog({ kind: 'create' })} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
          <nav aria-label={t('storeScreen.yourStores')} className="min-w-0 lg:sticky lg:top-4">
            <StoresList
              stores={stores}
              selectedId={selected?.id ?? null}
              fileCountOf={fileCountOf}
              onSelect={(store) => select(store.id)}
              onRename={(store) => setDialog({ kind: 'rename', store })}
              onDelete={(store) => setDialog({ kind: 'delete', store })}
            />
          </nav>
          {selected ? (
            <StoreDetail
              key={selected.id}
              store={selected}
              fileCount={fileCountOf(selected)}
              files={files}
              uploads={uploads}
              onRename={() => setDialog({ kind: 'rename', store: selected })}
              onDelete={() => setDialog({ kind: 'delete', store: selected })}
            />
          ) : (
            <div className="flex min-h-60 items-center justify-center rounded-xl border border-dashed p-8 text-center text-muted-foreground text-sm">
              {t('storeScreen.chooseStore')}
            </div>
          )}
        </div>
      )}

      <StoreNameDialog
        open={dialog.open && dialog.kind === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('storeScreen.createDialog.title')}
        description={t('storeScreen.createDialog.description')}
        submitLabel={t('storeScreen.createDialog.submit')}
        onSubmit={create}
      />
      <StoreNameDialog
        open={dialog.open && dialog.kind === 'rename'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('storeScreen.renameDialog.title')}
        description={t('storeScreen.renameDialog.description')}
        submitLabel={t('storeScreen.renameDialog.submit')}
        initialName={dialog.kind === 'rename' ? dialog.store.name : ''}
        onSubmit={(name) => (dialog.kind === 'rename' ? rename(dialog.store, name) : Promise.resolve())}
      />
      <ConfirmDialog
        open={dialog.open && dialog.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('storeScreen.deleteDialog.title')}
        confirmLabel={t('storeScreen.deleteDialog.confirm')}
        onConfirm={() => (dialog.kind === 'delete' ? remove(dialog.store) : Promise.resolve())}
      >
        <p>
          <Trans
            t={t}
            i18nKey="storeScreen.deleteDialog.body"
            values={{ name: dialog.kind === 'delete' ? dialog.store.name : '' }}
            components={{ strong: <strong className="font-medium text-foreground" /> }}
          />
        </p>
      </ConfirmDialog>
    </div>
  );
}
