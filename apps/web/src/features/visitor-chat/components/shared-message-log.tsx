import type { PublicAssistant } from '@aisle/contracts/sharing';
import type { PublicMessage } from '@aisle/contracts/visitor-chat';
import { AlertCircleIcon, CircleStopIcon, LoaderIcon, RotateCcwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartMode } from '@/components/product-cards/product-card-model';
import { Button } from '@/components/ui/button';
import type { VisitorTurn } from '../shared-chat-state';
import { QuickReplies } from './quick-replies';
import { ReplyBubble, VisitorBubble } from './shared-message-bubbles';

function TurnErrorBanner({ turn, onRetry }: { turn: VisitorTurn; onRetry: () => void }) {
  const { t } = useTranslation('shopper');
  if (!turn.error) return null;
  return (
    <div
      role="alert"
      className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm"
    >
      <AlertCircleIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">{turn.error.detail}</span>
      {turn.error.retryable ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RotateCcwIcon />
          {t('tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The conversation: stored messages (the visitor's as plain text, replies through the sanitised
 * Markdown renderer, the shop team's labelled, the products a reply names as cards), then the
 * turn in progress. The latest answer's one-tap replies show under it until the visitor writes
 * again. While auto-reply is paused the bot shows no typing: a person will answer instead.
 */
export function SharedMessageLog({
  assistant,
  messages,
  turn,
  autoReplyPaused,
  cart,
  onRetry,
  onQuickReply,
}: {
  assistant: PublicAssistant;
  messages: readonly PublicMessage[];
  turn: VisitorTurn | null;
  autoReplyPaused: boolean;
  cart: CartMode;
  onRetry: () => void;
  onQuickReply: (text: string) => void;
}) {
  const { t } = useTranslation('shopper');
  const name = assistant.assistantName;
  const avatar = assistant.assistantAvatarUrl;
  const active = turn?.status === 'sending' || turn?.status === 'streaming';
  const showReply = turn && (turn.text || turn.status === 'error' || turn.status === 'stopped' || (active && !autoReplyPaused));
  const latest = messages.at(-1);
  return (
    <ol className="flex flex-col gap-4">
      {messages.map((message) =>
        message.senderType === 'user' ? (
          <VisitorBubble key={message.id} content={message.content} />
        ) : (
          <ReplyBubble
            key={message.id}
            assistantName={name}
            avatarUrl={avatar}
            text={message.content}
            citations={message.citations}
            manual={message.isManualResponse}
            signature={message.senderName}
            products={message.products}
            cart={cart}
            after={
              message === latest && !turn && message.quickReplies?.length ? (
                <QuickReplies replies={message.quickReplies} disabled={false} onSend={onQuickReply} />
              ) : null
            }
          />
        ),
      )}
      {turn && !turn.questionId ? <VisitorBubble content={turn.question} pending={turn.status === 'sending'} /> : null}
      {turn && showReply ? (
        <ReplyBubble assistantName={name} avatarUrl={avatar} text={turn.text} streaming={active}>
          {turn.status === 'stopped' ? (
            <p className="mt-1 flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
              <CircleStopIcon className="size-3.5" aria-hidden="true" />
              {t('log.stopped')}
              <button type="button" onClick={onRetry} className="font-medium text-foreground underline underline-offset-2">
                {t('log.askAgain')}
              </button>
            </p>
          ) : null}
          {turn.busyRetryInSeconds && active ? (
            <p role="status" className="mt-1 flex items-center gap-1.5 text-muted-foreground text-xs">
              <LoaderIcon className="size-3.5 animate-spin" aria-hidden="true" />
              {t('log.busy')}
            </p>
          ) : null}
          <TurnErrorBanner turn={turn} onRetry={onRetry} />
        </ReplyBubble>
      ) : null}
    </ol>
  );
}
