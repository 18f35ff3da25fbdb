import { cn } from '@/lib/cn';

/** A thin determinate bar; `label` names it for screen readers ("faq.md upload progress"). */
export function ProgressBar({ value, label, tone }: { value: number; label: string; tone: 'upload' | 'processing' }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-300 ease-out', tone === 'upload' ? 'bg-sky-500' : 'bg-primary')}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
