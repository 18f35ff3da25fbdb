import { CpuIcon, InfoIcon, SparklesIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { FieldError } from '@/components/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import type { ModelOption } from '../api/get-models';
import { BUILT_IN_MODEL_ID, isFreeModel, modelPriceText, offersProviderModels, providerName } from '../model-price';

/**
 * The models this installation offers as radio cards with their price per million tokens. A model
 * the assistant still names but the server no longer offers is kept as a choice, marked as such.
 * The built-in model is described in full; while the server offers no OpenAI or Anthropic model,
 * a note under the cards says how its operator turns them on and what the built-in one does.
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
  const showHelp = models.length > 0 && !offersProviderModels(models);
  const lone = models.length + (!offered && value ? 1 : 0) === 1;
  return (
    <div className="grid gap-2">
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={showHelp ? `${id}-help` : undefined}
        aria-invalid={error ? true : undefined}
        className={cn('grid gap-2', !lone && 'sm:grid-cols-2')}
      >
        {models.map((model) => {
          const builtIn = model.id === BUILT_IN_MODEL_ID;
          return (
            <ModelCard
              key={model.id}
              name={`${id}-model`}
              checked={model.id === value}
              // The built-in model is named and described here, in the interface's language.
              title={builtIn ? t('models.builtIn') : model.name}
              description={builtIn ? t('models.builtInDescription') : undefined}
              provider={builtIn ? undefined : providerName(model.provider)}
              price={modelPriceText(model, format)}
              free={isFreeModel(model)}
              recommended={model.default}
              local={model.provider === 'local'}
              onSelect={() => onChange(model.id)}
            />
          );
        })}
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
      {showHelp ? (
        <div id={`${id}-help`} className="flex gap-2 rounded-lg bg-muted/50 px-3 py-2 text-muted-foreground text-xs leading-relaxed">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p className="break-words">
              <Trans
                t={t}
                i18nKey="models.providersHelp"
                components={{ code: <code className="break-all font-mono text-foreground" /> }}
              />{' '}
            </p>
            <p className="break-words">{t('models.builtInHelp')}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function ModelCard({
  name,
  checked,
  title,
  description,
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
  /** What the model does, in full: it wraps rather than being cut off. */
  description?: string;
  provider?: string;
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
          <span className="min-w-0 break-words font-medium text-sm">{title}</span>
          {recommended ? (
            <span className="ml-auto shrink-0 rounded bg-primary/10 px-1.5 py-px font-medium text-[10px] text-primary">
              {t('models.default')}
            </span>
          ) : null}
        </span>
        {description ? <span className="mt-0.5 block text-pretty break-words text-muted-foreground text-xs">{description}</span> : null}
        {provider ? <span className="block text-muted-foreground text-xs">{provider}</span> : null}
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
