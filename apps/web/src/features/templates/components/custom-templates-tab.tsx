import { PlusIcon, PuzzleIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useVariables } from '@/hooks/use-variables';
import { apiErrorText } from '@/lib/api-error-text';
import type { CustomTemplate } from '../api/custom-templates-api';
import { PickSaveError, useCustomTemplates } from '../hooks/use-custom-templates';
import { useTemplateFunctions } from '../hooks/use-template-functions';
import { customTemplateRequiredVariables, requiredVariableStatuses } from '../required-variables';
import { isActive, type TemplateItem } from '../template-fields';
import { AddToAssistantSheet } from './add-to-assistant-sheet';
import { CustomTemplateCard } from './custom-template-card';
import { CustomTemplateEditor } from './custom-template-editor';
import { CardsSkeleton, EmptyState, ErrorNotice } from './list-states';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'add'; template: CustomTemplate };

/**
 * The owner's custom templates: their own combinations of template functions, created and edited
 * in a sheet, deleted after confirming, and added to assistants like ready-made templates.
 */
export function CustomTemplatesTab() {
  const { t } = useTranslation('templates');
  const { query, save, remove } = useCustomTemplates();
  const { items: allTemplates } = useCollection<TemplateItem>('templates');
  const templates = useMemo(() => allTemplates.filter(isActive).sort((a, b) => a.name.localeCompare(b.name)), [allTemplates]);
  const functions = useTemplateFunctions(templates.map((template) => template.id));
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  // The last dialog stays described while it closes, so its text does not blank during the fade.
  const [dialog, setDialogState] = useState<Dialog & { open: boolean }>({ kind: 'create', open: false });
  const setDialog = (next: Dialog | null) => setDialogState((current) => (next ? { ...next, open: true } : { ...current, open: false }));
  const close = (open: boolean) => !open && setDialog(null);
  const current = dialog.kind === 'create' ? null : dialog.template;

  const groups = templates.map((template) => ({ template, functions: (functions.data?.[template.id] ?? []).filter(isActive) }));
  const requiredOf = (template: CustomTemplate) =>
    customTemplateRequiredVariables(
      template.links.flatMap((link) => (link.templateFunction ? [link.templateFunction] : [])),
      allTemplates,
    );
  const items = query.data ?? [];

  return (
    <section aria-labelledby="custom-templates-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="custom-templates-title" className="font-semibold text-lg tracking-tight">
            {t('customTemplates.title')}
          </h2>
          <p className="text-muted-foreground text-sm">{t('customTemplates.summary')}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <PlusIcon />
          {t('customTemplates.new')}
        </Button>
      </div>

      {query.isPending ? (
        <CardsSkeleton label={t('customTemplates.loading')} />
      ) : query.isError ? (
        <ErrorNotice message={apiErrorText(query.error, t('customTemplates.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={PuzzleIcon} title={t('customTemplates.emptyTitle')}>
          {t('customTemplates.emptyBody')}
        </EmptyState>
      ) : (
        <ul aria-label={t('customTemplates.list')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((template) => (
            <CustomTemplateCard
              key={template.id}
              template={template}
              statuses={requiredVariableStatuses(requiredOf(template), variables.data ?? [])}
              variablesLoading={variables.isPending}
              onAdd={() => setDialog({ kind: 'add', template })}
              onEdit={() => setDialog({ kind: 'edit', template })}
              onDelete={() => setDialog({ kind: 'delete', template })}
            />
          ))}
        </ul>
      )}

      <CustomTemplateEditor
        open={dialog.open && (dialog.kind === 'create' || dialog.kind === 'edit')}
        onOpenChange={close}
        existing={dialog.kind === 'edit' ? dialog.template : null}
        groups={groups}
        groupsLoading={functions.isPending && templates.length > 0}
        templates={allTemplates}
        variables={variables.data ?? []}
        onSave={async (draft) => {
          const existing = dialog.kind === 'edit' ? dialog.template : null;
          try {
            await save(existing, draft);
          } catch (failure) {
            if (!(failure instanceof PickSaveError)) throw failure;
            toast.error(failure.message);
            return;
          }
          toast.success(existing ? t('customTemplates.saved') : t('customTemplates.created', { name: draft.name.trim() }));
        }}
      />
      {current ? (
        <AddToAssistantSheet
          open={dialog.open && dialog.kind === 'add'}
          onOpenChange={close}
          title={t('customTemplates.addTitle', { name: current.name })}
          name={current.name}
          required={requiredOf(current)}
          target={{ kind: 'custom', id: current.id }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog.open && dialog.kind === 'delete'}
        onOpenChange={close}
        title={t('customTemplates.deleteTitle')}
        confirmLabel={t('customTemplates.deleteConfirm')}
        onConfirm={async () => {
          if (!current) return;
          await remove(current.id);
          toast.success(t('customTemplates.deleted', { name: current.name }));
        }}
      >
        <p>
          <Trans
            t={t}
            i18nKey="customTemplates.deleteBody"
            values={{ name: current?.name ?? '' }}
            components={{ strong: <strong className="font-medium text-foreground" /> }}
          />
        </p>
      </ConfirmDialog>
    </section>
  );
}
