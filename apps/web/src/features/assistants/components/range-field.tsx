import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';

/** A range slider with its exact number beside it, for bounded decimals (temperature, top P). */
export function RangeField({
  id,
  label,
  hint,
  min,
  max,
  step,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  step: number;
  value: number;
  error?: string;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('assistants');
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={Number.isFinite(value) ? value : min}
          onChange={(event) => onChange(Number(event.target.value))}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
          {...describedBy(id, error, true)}
        />
        <input
          type="number"
          aria-label={t('editor.rangeValue', { label })}
          min={min}
          max={max}
          step={step}
          value={Number.isFinite(value) ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          className="h-8 w-18 rounded-md border border-input bg-transparent px-2 text-right text-sm tabular-nums shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
        />
      </div>
    </Field>
  );
}
