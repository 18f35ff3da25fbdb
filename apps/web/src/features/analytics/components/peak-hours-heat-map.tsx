import { useTranslation } from 'react-i18next';
import { useFormat } from '@/i18n/format';

/** Monday 1 January 2024, midnight UTC: day `n` after it is weekday `n` (0 = Monday). */
const A_MONDAY = Date.UTC(2024, 0, 1);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Customer messages per weekday and hour: a grid of cells whose strength follows the count. */
export function PeakHoursHeatMap({ heat }: { heat: number[][] }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  // "Mon" / "月" / "จ.": the weekday's short name in the interface's language.
  const weekdayNames = WEEKDAYS.map((day) => format.dateParts(A_MONDAY + day * 86_400_000, { weekday: 'short', timeZone: 'UTC' }));
  const max = Math.max(1, ...heat.flat());
  return (
    <div className="grid h-full grid-cols-[2.5rem_repeat(24,minmax(0,1fr))] grid-rows-[repeat(7,minmax(0,1fr))_1rem] gap-0.5 text-[10px]">
      {heat.map((hours, weekday) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the weekday is the row's identity
        <div key={weekday} className="contents">
          <span className="self-center text-muted-foreground">{weekdayNames[weekday]}</span>
          {hours.map((value, hour) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the cell's identity
              key={hour}
              className="rounded-sm bg-primary"
              style={{ opacity: value === 0 ? 0.06 : 0.15 + (0.85 * value) / max }}
              title={t('charts.heatCell', {
                weekday: weekdayNames[weekday],
                time: `${String(hour).padStart(2, '0')}:00`,
                messages: format.number(value),
              })}
            />
          ))}
        </div>
      ))}
      <span />
      {HOURS.map((hour) => (
        <span key={hour} className="text-center text-muted-foreground">
          {hour % 6 === 0 ? hour : ''}
        </span>
      ))}
    </div>
  );
}
