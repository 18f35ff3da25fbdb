import type { VariableItem, VariableRequest } from '@aisle/contracts/functions';
import { PlusIcon, VariableIcon } from 'lucide-react';
import { useState } from 'react';
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
            Variables
          </h2>
          <p className="text-muted-foreground text-sm">Values your functions and templates read, such as API keys and store addresses.</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <PlusIcon />
          New variable
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
          <span className="flex-1">{apiErrorText(variables.error, 'Your variables could not be loaded.')}</span>
          <Button variant="outline" size="sm" onClick={() => void variables.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed px-6 py-10 text-center">
          <VariableIcon className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No variables yet</p>
          <p className="mx-auto mt-1 max-w-md text-muted-foreground text-sm">
            Add the keys and settings your functions need. Mark API keys as secret: they are stored encrypted.
          </p>
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
            toast.success(`Variable ${body.name ?? editing.name} saved`);
          } else {
            await create.mutateAsync(body as VariableRequest);
            toast.success(`Variable ${body.name} created`);
          }
        }}
      />
      <ConfirmDialog
        open={dialog.open && dialog.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete variable?"
        confirmLabel="Delete variable"
        onConfirm={async () => {
          if (dialog.kind !== 'delete') return;
          await remove.mutateAsync(dialog.variable.id);
          toast.success(`Variable ${dialog.variable.name} deleted`);
        }}
      >
        <p>
          <strong className="font-medium font-mono text-foreground">{dialog.kind === 'delete' ? dialog.variable.name : ''}</strong> will be
          deleted. Functions and templates that read it stop working until you set it again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
