import type { VariableItem } from '@aisle/contracts/functions';
import { LockIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The owner's variables: name, value (a secret only as its masked value) and the row's actions. */
export function VariablesTable({
  variables,
  onEdit,
  onDelete,
}: {
  variables: readonly VariableItem[];
  onEdit: (variable: VariableItem) => void;
  onDelete: (variable: VariableItem) => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('variablesTable.caption')}</caption>
        <thead className="border-b bg-muted/40 text-left text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {t('variablesTable.name')}
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {t('variablesTable.value')}
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              <span className="sr-only">{t('variablesTable.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variables.map((variable) => (
            <tr key={variable.id} className="border-b last:border-b-0">
              <th scope="row" className="px-4 py-3 text-left font-medium font-mono">
                {variable.name}
              </th>
              <td className="max-w-0 px-4 py-3">
                <VariableValue variable={variable} />
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-right">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('variablesTable.edit', { name: variable.name })}
                  onClick={() => onEdit(variable)}
                >
                  <PencilIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('variablesTable.delete', { name: variable.name })}
                  onClick={() => onDelete(variable)}
                >
                  <Trash2Icon />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VariableValue({ variable }: { variable: VariableItem }) {
  const { t } = useTranslation('templates');
  if (variable.secret) {
    return (
      <span className="inline-flex max-w-full items-center gap-1.5 text-muted-foreground">
        <LockIcon className="size-3.5 shrink-0" aria-label={t('variablesTable.secret')} />
        <span className="truncate font-mono">{variable.maskedValue || '••••••••'}</span>
      </span>
    );
  }
  return variable.value ? (
    <span className="block truncate font-mono" title={variable.value}>
      {variable.value}
    </span>
  ) : (
    <span className="text-muted-foreground italic">{t('variablesTable.empty')}</span>
  );
}
