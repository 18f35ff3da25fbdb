import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '@/i18n/format';
import type { TrendPoint } from '../test-suite-runs';

/** The colour of a run with regressions: the destructive red, in light and dark. */
const REGRESSION = 'var(--color-destructive)';

/** A point of the line: filled red with a ring for a run with regressions, the line's colour otherwise. */
function RunDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: TrendPoint }) {
  if (cx === undefined || cy === undefined) return null;
  const regressed = (payload?.regressions ?? 0) > 0;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={regressed ? 5 : 3.5}
      fill={regressed ? REGRESSION : 'var(--color-primary)'}
      stroke="var(--color-card)"
      strokeWidth={regressed ? 2 : 1}
    />
  );
}

/**
 * The share of right answers per finished run over time (recharts, loaded with the sheet only:
 * the Assistants screen itself does not carry the chart library). Runs with regressions are the
 * red points; the tooltip says what each run followed.
 */
export default function RunTrendChart({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  // Runs of one day are told apart by their time; longer spans by their date.
  const oneDay = format.date(points[0]?.at ?? 0) === format.date(points.at(-1)?.at ?? 0);
  const short = (at: string) =>
    format.dateParts(at, oneDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'numeric', day: 'numeric' });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
        <XAxis dataKey="at" tickFormatter={short} fontSize={11} tickLine={false} interval="preserveStartEnd" />
        <YAxis
          domain={[0, 100]}
          ticks={[0, 50, 100]}
          tickFormatter={(value: number) => format.percent(value / 100)}
          fontSize={11}
          width={44}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          labelFormatter={(at) => format.dateTime(String(at))}
          formatter={(_value, _name, item) => {
            const point = item.payload as TrendPoint;
            const score = t('tests.trend.point', { passed: point.passed, total: point.total });
            const regressions = point.regressions ? ` · ${t('tests.regressionCount', { count: point.regressions })}` : '';
            return [`${score}${regressions}`, point.trigger];
          }}
        />
        <Line
          dataKey="percent"
          name={t('tests.trend.series')}
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot={<RunDot />}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
