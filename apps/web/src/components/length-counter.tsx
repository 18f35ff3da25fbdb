import { useTranslation } from 'react-i18next';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';

/** The counter shows from this share of the limit on, so it only appears when the limit is near. */
const SHOW_FROM = 0.8;

/**
 * How much of a text field's limit is used, for a field whose input has `maxLength={max}` (the
 * contract's limit): "182/200" once the text nears it, then "Limit reached: 200 characters", so a
 * merchant knows why typing stops. Put it at the end of the field's label row (`<Field aside>`).
 * Only reaching the limit is announced to screen readers, not every character.
 */
export function LengthCounter({ length, max, className }: { length: number; max: number; className?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const full = length >= max;
  const shown = length >= Math.floor(max * SHOW_FROM);
  return (
    <span
      aria-live="polite"
      data-slot="length-counter"
      className={cn(
        'shrink-0 text-xs tabular-nums',
        full ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
        !shown && 'sr-only',
        className,
      )}
    >
      {full ? (
        t('lengthCounter.full', { max: format.number(max) })
      ) : shown ? (
        <span aria-hidden="true">{t('lengthCounter.count', { length: format.number(length), max: format.number(max) })}</span>
      ) : null}
    </span>
  );
}
