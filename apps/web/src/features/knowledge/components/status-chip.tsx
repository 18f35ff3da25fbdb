import {
  CircleCheckIcon,
  CircleDashedIcon,
  CircleXIcon,
  ClockIcon,
  CopyIcon,
  LoaderCircleIcon,
  type LucideIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Chip, ChipTone } from '../status-chips';

const toneClasses: Record<ChipTone, string> = {
  neutral: 'border-border bg-muted text-muted-foreground',
  info: 'border-sky-500/25 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  progress: 'border-violet-500/25 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  success: 'border-emerald-500/25 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  danger: 'border-red-500/25 bg-red-500/10 text-red-700 dark:text-red-300',
  warning: 'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:text-amber-300',
};

const toneIcons: Record<ChipTone, LucideIcon> = {
  neutral: ClockIcon,
  info: LoaderCircleIcon,
  progress: LoaderCircleIcon,
  success: CircleCheckIcon,
  danger: CircleXIcon,
  warning: TriangleAlertIcon,
};

/** A status as a small coloured pill with an icon; the label is the accessible text. */
export function StatusChip({ chip, className, empty = false }: { chip: Chip; className?: string; empty?: boolean }) {
  const Icon = empty ? CircleDashedIcon : chip.duplicate ? CopyIcon : chip.busy ? LoaderCircleIcon : toneIcons[chip.tone];
  return (
    <span
      data-slot="status-chip"
      data-tone={chip.tone}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 font-medium text-xs whitespace-nowrap',
        toneClasses[chip.tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn('size-3', chip.busy && 'animate-spin')} />
      {chip.label}
    </span>
  );
}
