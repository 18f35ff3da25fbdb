import type { ProductCard } from '@aisle/contracts/commerce';
import { type PublicCitation, TEAM_SIGNATURE } from '@aisle/contracts/visitor-chat';
import { HeadsetIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownReply } from '@/components/markdown/markdown-reply';
import type { CartMode } from '@/components/product-cards/product-card-model';
import { ProductCards } from '@/components/product-cards/product-cards';
import { TypingIndicator } from '@/components/typing-indicator';
import { cn } from '@/lib/cn';
import { AssistantAvatar } from './assistant-avatar';
import { SharedMessageSources, SourceMarker } from './shared-message-sources';

const sourceMarker = (citation: PublicCitation) => <SourceMarker citation={citation} />;

/**
 * The visitor's own words, right-aligned in the theme colour. Plain text only: React escapes it,
 * so `<script>` or `<img onerror>` typed by anyone shows as the characters typed.
 */
export function VisitorBubble({ content, pending = false }: { content: string; pending?: boolean }) {
  const { t } = useTranslation('shopper');
  return (
    <li aria-label={t('log.youSaid')} className="flex justify-end">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl rounded-br-md bg-primary px-3.5 py-2 text-primary-foreground text-sm leading-relaxed whitespace-pre-wrap break-words shadow-xs',
          pending && 'opacity-75',
        )}
      >
        {content}
      </div>
    </li>
  );
}

/**
 * A reply: the bot's, or a person's from the shop when `manual` (signed as the owner chose,
 * `signature`, else "The shop’s team"; a headset instead of the assistant's picture). Markdown
 * through the sanitised renderer, its sources listed once under it; while streaming, a caret
 * follows the last word and `children` holds what goes under it (stop note, error banner). The
 * store's products the reply names follow it as cards (`cart` says how they reach a cart), then
 * `after` (the one-tap replies under the latest answer).
 */
export function ReplyBubble({
  assistantName,
  avatarUrl,
  text,
  citations = [],
  manual = false,
  signature,
  streaming = false,
  products = [],
  cart = { kind: 'view' },
  after,
  children,
}: {
  assistantName: string;
  avatarUrl: string | null;
  text: string;
  citations?: readonly PublicCitation[];
  manual?: boolean;
  signature?: string;
  streaming?: boolean;
  products?: readonly ProductCard[];
  cart?: CartMode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('shopper');
  // The team's signature is the contract's English words: each shopper reads them in their language.
  const who = manual ? (signature && signature !== TEAM_SIGNATURE ? signature : t('log.team')) : assistantName;
  return (
    <li aria-label={t('log.said', { name: who })} aria-busy={streaming || undefined} className="flex gap-2.5">
      {manual ? (
        <span aria-hidden="true" className="mt-5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-foreground">
          <HeadsetIcon className="size-4" />
        </span>
      ) : (
        <AssistantAvatar url={avatarUrl} className="mt-5" />
      )}
      <div className={cn('min-w-0 max-w-[85%] flex-1', !products.length && 'sm:flex-none')}>
        <p className="mb-1 font-medium text-muted-foreground text-xs">{who}</p>
        <div
          className={cn(
            'rounded-2xl rounded-tl-md border px-3.5 py-2.5 shadow-xs',
            manual ? 'border-primary/30 bg-primary/5' : 'bg-card text-card-foreground',
          )}
        >
          {text ? (
            <div
              className={cn(
                streaming && '[&_p:last-child]:after:ml-0.5 [&_p:last-child]:after:animate-pulse [&_p:last-child]:after:content-["▍"]',
              )}
            >
              <MarkdownReply text={text} citations={citations} renderCitation={sourceMarker} />
            </div>
          ) : streaming ? (
            <TypingIndicator />
          ) : null}
          <SharedMessageSources citations={citations} replyText={text} />
          {children}
        </div>
        {products.length ? <ProductCards products={products} cart={cart} className="mt-2" /> : null}
        {after}
      </div>
    </li>
  );
}
