import type { PublicCitation } from '@aisle/contracts/visitor-chat';
import { useTranslation } from 'react-i18next';

/**
 * An inline `[n]` marker of a reply as a small raised number matching the list below it. The
 * visitor's sources are all in view under the answer, so the marker opens nothing.
 */
export function SourceMarker({ citation }: { citation: PublicCitation }) {
  const { t } = useTranslation('shopper');
  return (
    <sup title={citation.title} className="mx-0.5 font-semibold text-[10px] text-primary tabular-nums">
      <span aria-hidden="true">{citation.number}</span>
      <span className="sr-only">{t('log.sourceMarker', { number: citation.number })}</span>
    </sup>
  );
}

/** Text compared as read: case and spacing aside. */
const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Where a reply's answer came from, once, under it: numbered from 1 as the reply cites them, each
 * the section's friendly title with the sentence that answers in small text below. When the reply
 * already quotes that sentence word for word (the built-in model answers with the shop's own
 * sentences), it is not printed a second time: it shows on hover instead. The server sends nothing
 * more: no file names, no whole passages.
 */
export function SharedMessageSources({ citations, replyText }: { citations: readonly PublicCitation[]; replyText: string }) {
  const { t } = useTranslation('shopper');
  if (!citations.length) return null;
  const reply = comparable(replyText);
  return (
    <div className="mt-3 border-t pt-2.5">
      <p className="mb-1.5 font-medium text-[11px] text-muted-foreground uppercase tracking-wide">{t('log.sources')}</p>
      <ol aria-label={t('log.sources')} className="flex flex-col gap-2">
        {citations.map((citation) => (
          <li key={citation.number} title={citation.snippet || undefined} className="flex min-w-0 gap-2">
            <span
              data-testid="source-number"
              className="mt-px flex size-[18px] shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-[10px] text-primary tabular-nums"
            >
              {citation.number}
            </span>
            <div className="min-w-0 flex-1 self-center">
              <p data-testid="source-title" className="font-medium text-foreground text-xs leading-snug">
                {citation.title}
              </p>
              {citation.snippet && !reply.includes(comparable(citation.snippet)) ? (
                <p data-testid="source-snippet" className="mt-0.5 line-clamp-3 text-muted-foreground text-xs leading-snug">
                  {citation.snippet}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
