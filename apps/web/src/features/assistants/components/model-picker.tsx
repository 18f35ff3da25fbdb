import { CpuIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import type { ModelOption } from '../api/get-models';
import { isFreeModel, modelPriceText, providerName } from '../model-price';

/**
 * The models this installation offers as radio cards with their price per million tokens. A model
 * the assistant still names but the server no longer offers is kept as a choice, marked as such.
 */
export function ModelPicker({
  id,
  models,
  loading,
  value,
  error,
  onChange,
}: {
  id: string;
  models: readonly ModelOption[];
  loading: boolean;
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  if (loading) {
    return (
      <div className="grid gap-2 sm:grid-cols-2" aria-hidden="true">
        <Skeleton className="h-[72px] rounded-lg" />
        <Skeleton className="h-[72px] rounded-lg" />
      </div>
    );
  }
  const offered = models.some((model) => model.id === value);
  return (
    <div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-invalid={error ? true : undefined} className="grid gap-2 sm:grid-cols-2">
        {models.map((model) => (
          <ModelCard
            key={model.id}
            name={`${id}-model`}
            checked={model.id === value}
            title={model.name}
            provider={providerName(model.provider)}
            price={modelPriceText(model, format)}
            free={isFreeModel(model)}
            recommended={model.default}
            local={model.provider === 'local'}
            onSelect={() => onChange(model.id)}
          />
        ))}
        {!offered && value ? (
          <ModelCard
            name={`${id}-model`}
            checked
            title={value}
            provider={t('models.notOffered')}
            price={t('models.chooseAnother')}
            onSelect={() => {}}
          />
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function ModelCard({
  name,
  checked,
  title,
  provider,
  price,
  free = false,
  recommended = false,
  local = false,
  onSelect,
}: {
  name: string;
  checked: boolean;
  title: string;
  provider: string;
  price: string;
  free?: boolean;
  recommended?: boolean;
  local?: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('assistants');
  const Icon = local ? CpuIcon : SparklesIcon;
  return (
    <label
      className={cn(
        'relative flex cursor-pointer gap-3 rounded-lg border bg-background p-3 transition-colors hover:border-primary/40 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 dark:bg-input/20',
        checked && 'border-primary/70 bg-primary/5 ring-1 ring-primary/30 dark:bg-primary/10',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" aria-label={title} />
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground',
          checked && 'bg-primary text-primary-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span className="line-clamp-2 font-medium text-sm">{title}</span>
          {recommended ? (
            <span className="ml-auto shrink-0 rounded bg-primary/10 px-1.5 py-px font-medium text-[10px] text-primary">
              {t('models.default')}
            </span>
          ) : null}
        </span>
        <span className="block text-muted-foreground text-xs">{provider}</span>
        <span
          className={cn(
            'mt-1 block text-xs tabular-nums',
            free ? 'font-medium text-emerald-700 dark:text-emerald-300' : 'text-foreground/80',
          )}
        >
          {price}
        </span>
      </span>
    </label>
  );
}
