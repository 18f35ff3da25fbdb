import { LIMIT_NAMES, type TierTrack } from '@aisle/contracts/billing';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { LIMIT_LABEL } from './limit-text';

/** Each limit of the tier as a bar of what this period uses; a full bar carries the server's own message. */
export function UsageBars({ track }: { track: TierTrack }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const formatted = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('plan.usage')}>
      {LIMIT_NAMES.map((name) => {
        const { used, limit, message } = track.usage[name];
        const share = limit > 0 ? Math.min(1, used / limit) : 1;
        const label = t(LIMIT_LABEL[name]);
        return (
          <li key={name} className="min-w-0">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{label}</span>
              <span className="text-muted-foreground tabular-nums" data-testid={`usage-${name}`}>
                {formatted(used)} / {formatted(limit)}
              </span>
            </div>
            {/* A native meter for assistive technology; the drawn bar beside it is what people see. */}
            <meter className="sr-only" aria-label={label} min={0} max={Math.max(limit, 1)} value={Math.min(used, limit)} />
            <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-muted">
              <div
                className={cn('h-full rounded-full', share >= 1 ? 'bg-destructive' : share >= 0.8 ? 'bg-amber-500' : 'bg-primary')}
                style={{ width: `${share * 100}%` }}
              />
            </div>
            {message ? <p className="mt-1 text-destructive text-xs">{message}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
