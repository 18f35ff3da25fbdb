import type { PublicAssistant } from '@aisle/contracts/sharing';
import { SHARED_MESSAGE_MAX_LENGTH } from '@aisle/contracts/visitor-chat';
import { AlertCircleIcon, HeadsetIcon, LinkIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageComposer } from '@/components/message-composer';
import type { CartItem, CartMode } from '@/components/product-cards/product-card-model';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { reportCartAdded } from '../api/report-cart-added';
import { useSharedChat } from '../hooks/use-shared-chat';
import { shareProblemText } from '../share-problem';
import { SharedChatHeader } from './shared-chat-header';
import { SharedChatWelcome } from './shared-chat-welcome';
import { SharedMessageLog } from './shared-message-log';

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_THRESHOLD = 120;

/** The counter shows from here on, so it only appears when the limit is near. */
const COUNTER_FROM = SHARED_MESSAGE_MAX_LENGTH - 500;

/** Auto-reply is paused: calm, and clear that a person will answer here. */
function PausedNotice() {
  const { t } = useTranslation('shopper');
  return (
    <p role="status" className="mb-2 flex items-start gap-2 rounded-xl border bg-muted/60 px-3 py-2 text-muted-foreground text-sm">
      <HeadsetIcon className="mt-0.5 size-4 shrink-0 text-foreground" aria-hidden="true" />
      <span>{t('view.paused')}</span>
    </p>
  );
}

/** The link stopped working while the chat was open: the conversation stays readable, no more sending. */
function ClosedNotice({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl border bg-muted/60 px-3 py-3 text-sm">
      <LinkIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/**
 * The visitor's chat with a shared assistant: themed header, the conversation as a live log
 * (history, streamed answers, the shop's replies as they come), and the composer. `visible` is
 * false while the widget is closed, so replies then count as unread.
 */
export function SharedChatView({
  shareToken,
  assistant,
  widget,
  visible,
  onClose,
  onUnread,
  onThread,
  storefrontCart,
}: {
  shareToken: string;
  assistant: PublicAssistant;
  /** Opened by the storefront widget (`embed=widget`): compact header, threads start as `widget`. */
  widget: boolean;
  visible: boolean;
  onClose?: () => void;
  onUnread: (count: number) => void;
  /** The visitor's thread once it exists (the widget tags the storefront cart with it). */
  onThread?: (sharedThreadId: string) => void;
  /** The widget on a Shopify storefront adds to the shop's own cart; elsewhere cards link to a cart permalink. */
  storefrontCart?: { available: boolean; add: (item: CartItem) => Promise<boolean> };
}) {
  const { t } = useTranslation('shopper');
  const chat = useSharedChat({ shareToken, origin: widget ? 'widget' : 'web', visible });
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => onUnread(chat.unread), [chat.unread, onUnread]);
  const threadId = chat.thread?.sharedThreadId;
  const visitorToken = chat.thread?.visitorToken;
  const canAdd = !!storefrontCart?.available;
  const addToStorefront = storefrontCart?.add;
  const cart = useMemo<CartMode>(() => {
    if (!canAdd || !addToStorefront) return { kind: 'permalink', sharedThreadId: threadId };
    return {
      kind: 'widget',
      addToCart: async (item) => {
        const added = await addToStorefront(item);
        // The shop's count of add-to-carts from chat; the shopper's cart is already done either way.
        if (added && threadId && visitorToken) {
          reportCartAdded({ token: shareToken, sharedThreadId: threadId, visitorToken, ...item }).catch((error: unknown) =>
            console.error('shared chat: the cart addition could not be reported', error),
          );
        }
        return added;
      },
    };
  }, [canAdd, addToStorefront, threadId, visitorToken, shareToken]);
  useEffect(() => {
    if (threadId) onThread?.(threadId);
  }, [threadId, onThread]);

  // The tab (and the widget's iframe, for assistive technology) says who the visitor talks to.
  useEffect(() => {
    const before = document.title;
    document.title = t('view.documentTitle', { name: assistant.assistantName });
    return () => {
      document.title = before;
    };
  }, [assistant.assistantName, t]);

  // Follow the conversation as it grows, unless the visitor scrolled up to read.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  });
  const sending = chat.turn?.status === 'sending';
  useEffect(() => {
    if (sending) following.current = true;
  }, [sending]);

  const empty = chat.history !== 'loading' && chat.messages.length === 0 && !chat.turn;
  return (
    <main className="flex h-dvh flex-col bg-background text-foreground">
      <SharedChatHeader assistant={assistant} compact={widget} onClose={onClose} />
      <div
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        <div role="log" aria-live="polite" aria-label={t('view.conversation')} className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4">
          {chat.history === 'loading' ? (
            <div className="grid gap-4" aria-hidden="true">
              <Skeleton className="ml-auto h-9 w-1/2 rounded-2xl" />
              <Skeleton className="h-16 w-3/4 rounded-2xl" />
            </div>
          ) : null}
          {chat.history === 'failed' ? (
            <div
              role="alert"
              className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm"
            >
              <AlertCircleIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 flex-1">{t('view.historyFailed')}</span>
              <Button size="sm" variant="outline" onClick={chat.reloadHistory}>
                <RotateCcwIcon />
                {t('tryAgain')}
              </Button>
            </div>
          ) : null}
          {empty ? <SharedChatWelcome assistant={assistant} onAsk={chat.send} /> : null}
          <SharedMessageLog
            assistant={assistant}
            messages={chat.messages}
            turn={chat.turn}
            autoReplyPaused={chat.autoReplyPaused}
            cart={cart}
            onRetry={chat.retry}
            onQuickReply={chat.send}
          />
        </div>
      </div>
      <div className="shrink-0 border-t bg-background/90 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:px-4">
        <div className="mx-auto w-full max-w-2xl">
          {chat.linkProblem ? (
            <ClosedNotice text={shareProblemText(chat.linkProblem)} />
          ) : (
            <>
              {chat.autoReplyPaused ? <PausedNotice /> : null}
              <MessageComposer
                id="shared-chat-composer"
                placeholder={chat.busy ? t('view.sending') : t('view.placeholder', { name: assistant.assistantName })}
                maxLength={SHARED_MESSAGE_MAX_LENGTH}
                counterFrom={COUNTER_FROM}
                size="touch"
                busy={chat.busy}
                focusWhenReady
                focusKey={visible}
                onSend={chat.send}
                onStop={chat.stop}
              />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
