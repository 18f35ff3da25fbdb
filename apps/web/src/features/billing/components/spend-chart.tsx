import type { DailyUsage } from '@aisle/contracts/billing';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '@/i18n/format';

/** Spend per day for the last 30 days (recharts), with the total for screen readers. */
export function SpendChart({ days }: { days: DailyUsage[] }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const dollars = (value: number) => {
    const digits = value >= 1 || value === 0 ? 2 : 4;
    return format.money(value, 'USD', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  };
  const total = days.reduce((sum, day) => sum + Math.round(day.cost_usd * 1e6), 0) / 1e6;
  return (
    <figure aria-label={t('spend.title')} className="space-y-2">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{t('spend.title')}</span>
        <span className="text-muted-foreground tabular-nums">{t('spend.total', { amount: dollars(total) })}</span>
      </figcaption>
      <div className="h-48 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={11} tickLine={false} interval="preserveStartEnd" />
            <YAxis tickFormatter={dollars} fontSize={11} width={56} tickLine={false} axisLine={false} />
            <Tooltip formatter={(value) => [dollars(Number(value)), t('spend.tooltip')]} labelFormatter={(day) => String(day)} />
            <Bar dataKey="cost_usd" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
