import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * An empty list's message: the tinted icon in its ring, a title, then what to know or do. Shared by
 * the screens and dialogs so empty states look alike everywhere.
 */
export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'h2',
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** The title's heading level: h3 inside a dialog or a section that has its own h2. */
  titleAs?: 'h2' | 'h3';
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col items-center px-4 py-12 text-center', className)}>
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Title className="font-semibold text-base tracking-tight">{title}</Title>
      {children}
    </div>
  );
}
