import type { VariableItem, VariableRequest } from '@aisle/contracts/functions';
import { PlusIcon, VariableIcon } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useVariableMutations, useVariables } from '@/hooks/use-variables';
import { apiErrorText } from '@/lib/api-error-text';
import { VariableFormDialog } from './variable-form-dialog';
import { VariablesTable } from './variables-table';

type Dialog = { kind: 'create' } | { kind: 'edit'; variable: VariableItem } | { kind: 'delete'; variable: VariableItem };

/**
 * The owner's variables (spec §3 Variable, §7 Variables): what functions and templates read, such
 * as API keys and shop addresses. Listed in a table; created, edited and deleted in dialogs.
 */
export function VariablesPanel() {
  const { t } = useTranslation('templates');
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const { create, update, remove } = useVariableMutations(sessionStore.getValidAccessToken);
  // The last dialog stays described while it closes, so its text does not blank during the fade.
  const [dialog, setDialogState] = useState<Dialog & { open: boolean }>({ kind: 'create', open: false });
  const setDialog = (next: Dialog | null) => setDialogState((current) => (next ? { ...next, open: true } : { ...current, open: false }));
  const editing = dialog.kind === 'edit' ? dialog.variable : null;
  const items = variables.data ?? [];

  return (
    <section aria-labelledby="variables-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="variables-title" className="font-semibold text-lg tracking-tight">
            {t('variables.title')}
          </h2>
          <p className="text-muted-foreground text-sm">{t('variables.summary')}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <PlusIcon />
          {t('variables.new')}
        </Button>
      </div>

      {variables.isPending ? (
        <div className="grid gap-2" aria-hidden="true" data-testid="variables-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : variables.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm"
        >
          <span className="flex-1">{apiErrorText(variables.error, t('variables.loadFailed'))}</span>
          <Button variant="outline" size="sm" onClick={() => void variables.refetch()}>
            {t('variables.tryAgain')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed px-6 py-10 text-center">
          <VariableIcon className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t('variables.emptyTitle')}</p>
          <p className="mx-auto mt-1 max-w-md text-muted-foreground text-sm">{t('variables.emptyBody')}</p>
        </div>
      ) : (
        <VariablesTable
          variables={items}
          onEdit={(variable) => setDialog({ kind: 'edit', variable })}
          onDelete={(variable) => setDialog({ kind: 'delete', variable })}
        />
      )}

      <VariableFormDialog
        open={dialog.open && dialog.kind !== 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        variable={editing}
        onSave={async (body) => {
          if (editing) {
            await update.mutateAsync({ id: editing.id, changes: body });
            toast.success(t('variables.saved', { name: body.name ?? editing.name }));
          } else {
            await create.mutateAsync(body as VariableRequest);
            toast.success(t('variables.created', { name: body.name }));
          }
        }}
      />
      <ConfirmDialog
        open={dialog.open && dialog.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('variables.deleteTitle')}
        confirmLabel={t('variables.deleteConfirm')}
        onConfirm={async () => {
          if (dialog.kind !== 'delete') return;
          await remove.mutateAsync(dialog.variable.id);
          toast.success(t('variables.deleted', { name: dialog.variable.name }));
        }}
      >
        <p>
          <Trans
            t={t}
            i18nKey="variables.deleteBody"
            values={{ name: dialog.kind === 'delete' ? dialog.variable.name : '' }}
            components={{ strong: <strong className="font-medium font-mono text-foreground" /> }}
          />
        </p>
      </ConfirmDialog>
    </section>
  );
}
