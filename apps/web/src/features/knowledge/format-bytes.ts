import { type Formatters, formatters } from '@/i18n/format';

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const english = formatters('en');

/**
 * A byte count as people read it: "0 B", "812 B", "1.5 KB", "12 MB". Binary steps (1 KB = 1024 B),
 * as file managers show them; one decimal under 10 of a unit, whole numbers above. The number is
 * written in `format`'s language (the interface's, from `useFormat()`); the units stay as they are.
 */
export function formatBytes(bytes: number | null | undefined, format: Pick<Formatters, 'number'> = english): string {
  const number = (value: number) => format.number(value, { maximumFractionDigits: 1, useGrouping: false });
  if (bytes == null || !Number.isFinite(bytes) || bytes <= 0) return `${number(0)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${number(Math.round(value))} B`;
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.6 KB rounds to 1024 KB: say 1 MB instead.
  if (rounded >= 1024 && unit < units.length - 1) return `${number(1)} ${units[unit + 1]}`;
  return `${number(rounded)} ${units[unit]}`;
}
