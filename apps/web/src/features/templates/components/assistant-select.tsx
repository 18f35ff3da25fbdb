import { BotIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describedBy, Field } from '@/components/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

export interface AssistantOption {
  id: string;
  assistantName: string;
}

/** The assistant to add a template to; without any, a pointer to the Assistants screen instead. */
export function AssistantSelect({
  id,
  assistants,
  loading,
  value,
  error,
  onChange,
}: {
  id: string;
  assistants: readonly AssistantOption[];
  loading: boolean;
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('templates');
  if (loading && assistants.length === 0) return <Skeleton className="h-9 rounded-md" aria-hidden="true" />;
  if (assistants.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-dashed px-4 py-3 text-sm">
        <BotIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="assistantSelect.none"
            components={{ a: <Link to={paths.assistants} className="font-medium text-primary underline-offset-4 hover:underline" /> }}
          />
        </p>
      </div>
    );
  }
  return (
    <Field id={id} label={t('assistantSelect.label')} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30"
        {...describedBy(id, error)}
      >
        <option value="" disabled>
          {t('assistantSelect.placeholder')}
        </option>
        {assistants.map((assistant) => (
          <option key={assistant.id} value={assistant.id}>
            {assistant.assistantName}
          </option>
        ))}
      </select>
    </Field>
  );
}
