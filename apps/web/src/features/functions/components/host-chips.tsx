import { GlobeIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The hosts a function's code calls, one chip each; the text before them is the caller's. */
export function HostChips({ hosts, className }: { hosts: readonly string[]; className?: string }) {
  return hosts.map((host) => (
    <span key={host} className={cn('inline-flex items-center gap-1 rounded-md bg-muted px-1.5 py-0.5 font-mono', className)}>
      <GlobeIcon className="size-3" aria-hidden="true" />
      {host}
    </span>
  ));
}
