import { BotIcon, HeadsetIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineCitationChip } from '@/components/markdown/citation-chip';
// The chat screen's sanitised Markdown renderer (raw HTML never rendered, links made safe).
import { MarkdownReply } from '@/components/markdown/markdown-reply';
import { ProductCards } from '@/components/product-cards/product-cards';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { type InboxMessage, VISITOR_SENDER } from '../api/shared-thread-fields';
import { citationsOf } from '../message-citations';
import { orderActionsOf, productsOf } from '../message-commerce';
import { fullTimeText, shortTimeText } from '../thread-display';
import { OrderActionLines } from './order-action-lines';

function Bubble({
  who,
  icon,
  align,
  tone,
  createdAt,
  after,
  children,
}: {
  who: string;
  icon: ReactNode;
  align: 'start' | 'end';
  tone: 'visitor' | 'assistant' | 'team';
  createdAt: string;
  /** What goes under the bubble, at its width: the products the shopper saw. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  return (
    <li aria-label={t('message.said', { who })} data-sender={tone} className={cn('flex gap-2.5', align === 'end' && 'flex-row-reverse')}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-5 flex size-7 shrink-0 items-center justify-center rounded-full',
          tone === 'visitor' && 'bg-muted text-muted-foreground',
          tone === 'assistant' && 'bg-primary/10 text-primary',
          tone === 'team' && 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
        )}
      >
        {icon}
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col sm:max-w-[75%]', align === 'end' && 'items-end', after && 'w-full')}>
        <p className="mb-1 flex items-baseline gap-2 text-xs">
          <span className="font-medium text-muted-foreground">{who}</span>
          <time dateTime={createdAt} title={fullTimeText(createdAt, format)} className="text-[11px] text-muted-foreground/80 tabular-nums">
            {shortTimeText(createdAt, format)}
          </time>
        </p>
        <div
          className={cn(
            'min-w-0 max-w-full break-words rounded-2xl px-3.5 py-2.5 text-sm shadow-xs',
            tone === 'visitor' && 'rounded-tl-md bg-muted',
            tone === 'assistant' && 'rounded-tr-md border bg-card',
            tone === 'team' && 'rounded-tr-md border border-emerald-500/30 bg-emerald-500/5',
          )}
        >
          {children}
        </div>
        {after}
      </div>
    </li>
  );
}

/**
 * One stored message. The visitor's words are plain text, never markup; replies (the bot's, and
 * the team's by hand) go through the sanitised Markdown renderer. Visitor on the left, the shop on
 * the right, the team's own answers marked "You (team)". A bot reply shows what the shopper saw
 * with it (the products it named, as the same cards) and what the order help did on the way
 * ("Order #1001 looked up", "Return started").
 */
export function ThreadMessage({ message, visitor }: { message: InboxMessage; visitor: string }) {
  const { t } = useTranslation('inbox');
  if (message.senderType === VISITOR_SENDER) {
    return (
      <Bubble who={visitor} icon={<UserIcon className="size-3.5" />} align="start" tone="visitor" createdAt={message.createdAt}>
        <p className="whitespace-pre-wrap leading-relaxed">{message.content}</p>
      </Bubble>
    );
  }
  const team = message.isManualResponse;
  const products = productsOf(message.llmUsage);
  return (
    <Bubble
      who={team ? t('message.team') : t('message.assistant')}
      icon={team ? <HeadsetIcon className="size-3.5" /> : <BotIcon className="size-3.5" />}
      align="end"
      tone={team ? 'team' : 'assistant'}
      createdAt={message.createdAt}
      after={products.length ? <ProductCards products={products} cart={{ kind: 'view' }} className="mt-2" /> : undefined}
    >
      <OrderActionLines actions={orderActionsOf(message.llmUsage)} />
      <MarkdownReply text={message.content} citations={citationsOf(message.llmUsage)} renderCitation={inlineCitationChip} />
      {message.deliveryStatus === 'failed' ? (
        <p role="alert" className="mt-2 border-destructive/30 border-t pt-1.5 text-destructive text-xs">
          {message.deliveryError ? t('message.notDeliveredBecause', { error: message.deliveryError }) : t('message.notDelivered')}
        </p>
      ) : null}
    </Bubble>
  );
}
