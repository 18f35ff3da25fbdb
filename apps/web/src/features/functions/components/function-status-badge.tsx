import { CircleCheckIcon, CircleDashedIcon, CircleXIcon, type LucideIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { functionStatusInfo, type StatusTone } from '../function-status';

const toneClasses: Record<StatusTone, string> = {
  neutral: 'border-border bg-muted text-muted-foreground',
  success: 'border-emerald-500/25 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  warning: 'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  danger: 'border-red-500/25 bg-red-500/10 text-red-700 dark:text-red-300',
};

const toneIcons: Record<StatusTone, LucideIcon> = {
  neutral: CircleDashedIcon,
  success: CircleCheckIcon,
  warning: TriangleAlertIcon,
  danger: CircleXIcon,
};

export const pill = 'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs';

/** A function's status in plain words, coloured by how much it needs attention. */
export function FunctionStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  // The words come from functionStatusInfo; this re-renders the badge when the language changes.
  useTranslation('functions');
  const info = functionStatusInfo(status);
  const Icon = toneIcons[info.tone];
  return (
    <span data-slot="function-status" data-tone={info.tone} className={cn(pill, toneClasses[info.tone], className)}>
      <Icon aria-hidden="true" className="size-3" />
      {info.label}
    </span>
  );
}
