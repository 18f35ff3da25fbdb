import { BotIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The assistant's picture, or a bot icon on the theme colour. Decorative: the name is always beside it. */
export function AssistantAvatar({ url, className }: { url: string | null; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-primary', className)}
    >
      {url ? <img src={url} alt="" className="size-full object-cover" /> : <BotIcon className="size-1/2" />}
    </span>
  );
}
