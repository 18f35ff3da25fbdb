import type { Citation } from '@aisle/contracts/chat';
import { FileTextIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * A numbered source chip; opening it shows where the answer came from: the file, the heading
 * path inside it and the passage itself. `inline` is the small superscript form used in the text.
 */
export function CitationChip({ citation, inline = false }: { citation: Citation; inline?: boolean }) {
  const { t } = useTranslation('shopper');
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t('citations.chip', { number: citation.number, fileName: citation.fileName })}
          className={cn(
            'inline-flex max-w-full items-center gap-1.5 rounded-full border bg-background text-xs outline-none transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:border-primary/60 data-[state=open]:bg-primary/10',
            inline ? 'mx-0.5 -translate-y-0.5 px-1.5 py-0 align-baseline font-semibold text-[10px] text-primary' : 'py-1 pr-2.5 pl-1',
          )}
        >
          <span
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full font-semibold tabular-nums',
              inline ? '' : 'size-5 bg-primary/10 text-[11px] text-primary',
            )}
          >
            {citation.number}
          </span>
          {inline ? null : (
            <span className="flex min-w-0 items-center gap-1">
              <FileTextIcon className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{citation.fileName}</span>
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={t('citations.popover', { number: citation.number })}
          className="data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0 data-[state=closed]:zoom-out-95 data-[state=open]:zoom-in-95 z-50 w-[min(26rem,calc(100vw-24px))] rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg outline-none data-[state=closed]:animate-out data-[state=open]:animate-in"
        >
          <div className="mb-2 flex items-start gap-2">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-xs">
              {citation.number}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 font-medium text-sm">
                <FileTextIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate">{citation.fileName}</span>
              </p>
              {citation.heading ? <p className="mt-0.5 text-muted-foreground text-xs">{citation.heading}</p> : null}
            </div>
            <Popover.Close aria-label={t('citations.close')} className="rounded-sm p-0.5 text-muted-foreground hover:text-foreground">
              <XIcon className="size-4" aria-hidden="true" />
            </Popover.Close>
          </div>
          <blockquote className="max-h-64 overflow-y-auto border-primary/40 border-l-2 pl-3 text-sm leading-relaxed whitespace-pre-line">
            {citation.text}
          </blockquote>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** An inline `[n]` marker of the reply's text as the small chip (for MarkdownReply's `renderCitation`). */
export const inlineCitationChip = (citation: Citation) => <CitationChip citation={citation} inline />;

/** The reply's sources as a row of chips under the answer. */
export function CitationList({ citations }: { citations: readonly Citation[] }) {
  const { t } = useTranslation('shopper');
  if (!citations.length) return null;
  return (
    <div className="mt-3 border-t pt-3">
      <p className="mb-2 font-medium text-muted-foreground text-xs">{t('citations.sources')}</p>
      <ul aria-label={t('citations.sources')} className="flex flex-wrap gap-1.5">
        {citations.map((citation) => (
          <li key={citation.number} className="min-w-0 max-w-full">
            <CitationChip citation={citation} />
          </li>
        ))}
      </ul>
    </div>
  );
}
