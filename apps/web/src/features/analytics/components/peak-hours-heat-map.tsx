const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Customer messages per weekday and hour: a grid of cells whose strength follows the count. */
export function PeakHoursHeatMap({ heat }: { heat: number[][] }) {
  const max = Math.max(1, ...heat.flat());
  return (
    <div className="grid h-full grid-cols-[2.5rem_repeat(24,minmax(0,1fr))] grid-rows-[repeat(7,minmax(0,1fr))_1rem] gap-0.5 text-[10px]">
      {heat.map((hours, weekday) => (
        <div key={WEEKDAYS[weekday]} className="contents">
          <span className="self-center text-muted-foreground">{WEEKDAYS[weekday]}</span>
          {hours.map((value, hour) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the cell's identity
              key={hour}
              className="rounded-sm bg-primary"
              style={{ opacity: value === 0 ? 0.06 : 0.15 + (0.85 * value) / max }}
              title={`${WEEKDAYS[weekday]} ${String(hour).padStart(2, '0')}:00 · ${value} messages`}
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
