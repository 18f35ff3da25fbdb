import type { Assistant } from '@aisle/contracts/assistants';
import type { Store } from '@aisle/contracts/knowledge';
import { BotIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Button } from '@/components/ui/button';
import { useModels } from '../api/get-models';
import { useShopConnected } from '../api/get-shop-connection';
import { type AssistantFormValues, emptyForm, formFromAssistant, jsonField } from '../assistant-form';
import { AvatarSaveError, LinkSaveError, type PendingAvatars, useAssistantActions } from '../hooks/use-assistant-actions';
import { useAssistantLinks } from '../hooks/use-assistant-links';
import { type LinkFailure, requiredVariablesOf } from '../link-failure';
import { type LinkKind, noLinks } from '../link-kinds';
import { modelDisplayName } from '../model-price';
import { rowsFromStored } from '../suggested-questions';
import { AssistantEditor } from './assistant-editor';
import { AssistantsEmptyState, AssistantsList, AssistantsListSkeleton } from './assistants-list';
import type { LinkOption } from './link-checklist';

/** The start-up collections' functions and templates, as far as this screen reads them. */
interface FunctionItem {
  id: string;
  name: string | null;
  description: string | null;
  status: string | null;
  isViolatingRules?: boolean | null;
}
interface TemplateItem {
  id: string;
  name: string | null;
  description: string | null;
  active: boolean | null;
  requiredVariables?: unknown;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; assistant: Assistant } | { kind: 'delete'; assistant: Assistant };

/**
 * The Assistants screen: the merchant's assistants (live start-up collection) as cards with their
 * model, linked stores, status and token use; creating and editing in a side sheet with links to
 * stores, functions and templates; deleting after a confirmation naming the assistant.
 */
export function AssistantsScreen() {
  const { t } = useTranslation('assistants');
  const { status, items: assistants } = useCollection<Assistant>('assistants');
  const { items: stores } = useCollection<Store>('stores');
  const { items: functions } = useCollection<FunctionItem>('functions');
  const { items: templates } = useCollection<TemplateItem>('templates');
  const models = useModels();
  const shopConnected = useShopConnected();
  const links = useAssistantLinks();
  const { save, remove, uploadAvatar, retryLink } = useAssistantActions();
  // The last dialog stays described while it closes, so its text does not blank during the fade.
  // `opening` counts the openings: the editor's form starts afresh on each, and only then.
  const [dialog, setDialogState] = useState<Dialog & { open: boolean; opening: number }>({ kind: 'create', open: false, opening: 0 });
  const setDialog = (next: Dialog | null) =>
    setDialogState((current) => (next ? { ...next, open: true, opening: current.opening + 1 } : { ...current, open: false }));
  // The links the last save could not make, shown in the editor until it closes.
  const [linkFailures, setLinkFailures] = useState<{ attempt: number; failures: readonly LinkFailure[] } | null>(null);

  const defaultModelId = models.data?.find((model) => model.default)?.id ?? models.data?.[0]?.id ?? '';
  const linksOf = (id: string) => links.data?.[id] ?? noLinks();

  const options = useMemo<Record<LinkKind, LinkOption[]>>(
    () => ({
      store: stores.map((store) => ({
        id: store.id,
        name: store.name,
        detail: t('screen.fileCount', { count: store.fileCount ?? 0 }),
      })),
      function: functions.map((fn) => ({
        id: fn.id,
        name: fn.name || t('screen.untitledFunction'),
        detail: fn.isViolatingRules ? t('screen.flaggedFunction') : (fn.description ?? undefined),
        disabled: Boolean(fn.isViolatingRules),
      })),
      template: templates
        .filter((template) => template.active !== false)
        .map((template) => ({
          id: template.id,
          name: template.name || t('screen.untitledTemplate'),
          detail: template.description ?? undefined,
          requiredVariables: requiredVariablesOf(template.requiredVariables),
        })),
    }),
    [stores, functions, templates, t],
  );

  const storeNames = useMemo(() => new Map(stores.map((store) => [store.id, store.name])), [stores]);
  const cards = assistants.map((assistant) => ({
    assistant,
    modelName: modelDisplayName(models.data, assistant.model),
    storeNames: linksOf(assistant.id).store.flatMap((id) => storeNames.get(id) ?? []),
    questionCount: rowsFromStored(jsonField(assistant.assistantUserQA)).length,
  }));

  const editing = dialog.kind === 'edit' ? dialog.assistant : null;
  const initial: AssistantFormValues = editing
    ? formFromAssistant(editing, linksOf(editing.id), defaultModelId)
    : emptyForm(
        defaultModelId,
        stores.map((store) => store.id),
      );

  const onSave = async (values: AssistantFormValues, body: Parameters<typeof save>[0]['body'], avatars?: PendingAvatars) => {
    try {
      const saved = await save({
        existing: editing,
        body,
        currentLinks: editing ? linksOf(editing.id) : noLinks(),
        wantedLinks: values.links,
        avatars,
      });
      toast.success(editing ? t('screen.saved') : t('screen.created', { name: saved.assistantName }));
      setDialog(null);
      setLinkFailures(null);
    } catch (failure) {
      if (failure instanceof LinkSaveError) {
        // The assistant is stored: the sheet stays open on it (a new one is now edited, not created
        // again) with each refused link, its reason and what fixes it.
        setDialogState((current) => ({ ...current, kind: 'edit', assistant: failure.assistant }));
        setLinkFailures((current) => ({ attempt: (current?.attempt ?? 0) + 1, failures: failure.failures }));
        return;
      }
      if (!(failure instanceof AvatarSaveError)) throw failure;
      // The assistant itself was stored; what is left is a retry of the picture from its card.
      toast.error(failure.message);
      setDialog(null);
    }
  };

  const loading = status.state === 'loading' || status.state === 'not-initialised';

  return (
    <div className="mx-auto w-full max-w-7xl p-4 md:p-8">
      <ScreenHeader
        title={t('screen.title')}
        icon={BotIcon}
        summary={t('screen.summary')}
        action={
          assistants.length > 0 ? (
            <Button className="max-sm:w-full" onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon />
              {t('screen.newAssistant')}
            </Button>
          ) : null
        }
      />

      {status.state === 'error' ? (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {status.error}
        </p>
      ) : null}

      {loading && assistants.length === 0 ? (
        <AssistantsListSkeleton />
      ) : assistants.length === 0 ? (
        <AssistantsEmptyState hasStores={stores.length > 0} onCreate={() => setDialog({ kind: 'create' })} />
      ) : (
        <AssistantsList
          cards={cards}
          onEdit={(assistant) => setDialog({ kind: 'edit', assistant })}
          onDelete={(assistant) => setDialog({ kind: 'delete', assistant })}
        />
      )}

      <AssistantEditor
        open={dialog.open && dialog.kind !== 'delete'}
        onOpenChange={(open) => {
          if (open) return;
          setDialog(null);
          setLinkFailures(null);
        }}
        assistant={editing}
        initial={initial}
        models={models.data ?? []}
        modelsLoading={models.isPending}
        options={options}
        onSave={onSave}
        onUploadAvatar={uploadAvatar}
        linkFailures={linkFailures}
        shopConnected={shopConnected}
        onRetryLink={retryLink}
        sessionKey={String(dialog.opening)}
      />
      <ConfirmDialog
        open={dialog.open && dialog.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('screen.deleteTitle')}
        confirmLabel={t('screen.deleteConfirm')}
        onConfirm={async () => {
          if (dialog.kind !== 'delete') return;
          await remove(dialog.assistant);
          toast.success(t('screen.deleted', { name: dialog.assistant.assistantName }));
        }}
      >
        <p>
          <Trans
            t={t}
            i18nKey="screen.deleteBody"
            values={{ name: dialog.kind === 'delete' ? dialog.assistant.assistantName : '' }}
            components={{ strong: <strong className="font-medium text-foreground" /> }}
          />
        </p>
      </ConfirmDialog>
    </div>
  );
}
