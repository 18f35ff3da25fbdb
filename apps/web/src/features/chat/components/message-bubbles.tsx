import type { Citation, LlmUsage, ToolCall } from '@aisle/contracts/chat';
import type { ProductCard } from '@aisle/contracts/commerce';
import { BotIcon, CoinsIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CitationList, inlineCitationChip } from '@/components/markdown/citation-chip';
import { MarkdownReply } from '@/components/markdown/markdown-reply';
import { ProductCards } from '@/components/product-cards/product-cards';
import { TypingIndicator } from '@/components/typing-indicator';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { usageSummary } from '../format-usage';
import { ToolCallList } from './tool-calls';

function Avatar({ url, fallback, className }: { url?: string | null; fallback: ReactNode; className?: string }) {
  return (
    <span
      className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full', className)}
      aria-hidden="true"
    >
      {url ? <img src={url} alt="" className="size-full object-cover" /> : fallback}
    </span>
  );
}

/** The merchant's question, right-aligned. */
export function UserBubble({ content, avatarUrl }: { content: string; avatarUrl?: string | null }) {
  const { t } = useTranslation('chat');
  return (
    <li aria-label={t('bubbles.youSaid')} className="flex justify-end gap-3">
      <div className="max-w-[85%] rounded-2xl rounded-tr-md bg-primary px-4 py-2.5 text-primary-foreground text-sm leading-relaxed whitespace-pre-wrap break-words shadow-xs sm:max-w-[75%]">
        {content}
      </div>
      <Avatar url={avatarUrl} className="hidden bg-muted text-muted-foreground sm:flex" fallback={<UserIcon className="size-4" />} />
    </li>
  );
}

/** Tokens in and out and the cost of one reply, with the model on hover. */
export function UsageFooter({ usage }: { usage: LlmUsage }) {
  // The summary's words come from the catalog: follow the interface's language.
  useTranslation('chat');
  const format = useFormat();
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-1 text-[11px] text-muted-foreground tabular-nums"
      title={`${usage.provider}:${usage.model}`}
      data-testid="reply-usage"
    >
      <CoinsIcon className="size-3" aria-hidden="true" />
      <span>{usageSummary(usage, format)}</span>
    </p>
  );
}

/**
 * An assistant reply: Markdown, its sources, and what it cost. While streaming, a caret follows
 * the last word; `children` holds what goes under it (a stop note, an error banner). The store's
 * products it names follow it as cards, as a shopper would see them (with "View"; the owner's
 * chat adds nothing to a cart).
 */
export function AssistantBubble({
  assistantName,
  avatarUrl,
  text,
  citations,
  toolCalls = [],
  products = [],
  usage,
  streaming = false,
  children,
}: {
  assistantName: string;
  avatarUrl?: string | null;
  text: string;
  citations: readonly Citation[];
  toolCalls?: readonly ToolCall[];
  products?: readonly ProductCard[];
  usage?: LlmUsage | null;
  streaming?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <li aria-label={t('bubbles.said', { name: assistantName })} aria-busy={streaming || undefined} className="flex gap-3">
      <Avatar url={avatarUrl} className="bg-primary/10 text-primary" fallback={<BotIcon className="size-4" />} />
      <div className={cn('min-w-0 max-w-[calc(100%-2.75rem)] flex-1 sm:max-w-[80%]', !products.length && 'sm:flex-none')}>
        <p className="mb-1 font-medium text-muted-foreground text-xs">{assistantName}</p>
        <div className="rounded-2xl rounded-tl-md border bg-card px-4 py-3 shadow-xs">
          <ToolCallList calls={toolCalls} />
          {text ? (
            <div
              className={cn(
                streaming && '[&_p:last-child]:after:ml-0.5 [&_p:last-child]:after:animate-pulse [&_p:last-child]:after:content-["▍"]',
              )}
            >
              <MarkdownReply text={text} citations={citations} renderCitation={inlineCitationChip} />
            </div>
          ) : streaming && !toolCalls.some((call) => call.ok === undefined) ? (
            <TypingIndicator />
          ) : null}
          <CitationList citations={citations} />
          {usage ? <UsageFooter usage={usage} /> : null}
          {children}
        </div>
        {products.length ? <ProductCards products={products} cart={{ kind: 'view' }} className="mt-2" /> : null}
      </div>
    </li>
  );
}
