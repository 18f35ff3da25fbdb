import type { PublicAssistant } from '@aisle/contracts/sharing';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItem } from '@/components/product-cards/product-card-model';
import { postToWidget, widgetMessageOf } from '../widget-bridge';

/** How long the storefront's cart may take to answer an add-to-cart before the card says it failed. */
export const CART_ANSWER_TIMEOUT_MS = 20_000;

let requests = 0;
const newRequestId = () => `cart-${Date.now().toString(36)}-${(requests++).toString(36)}`;

/**
 * The chat page inside the storefront widget: listens to the loader's `open`/`close` (from the
 * trusted host only), says `ready` with the theme and name once the assistant is known, reports
 * unread replies and the visitor's thread (for the cart attribute), and asks the loader to close.
 * On a Shopify storefront the loader says it can add to the cart (`capabilities`): then `addToCart`
 * asks it to, and resolves with its `cart-added` answer (false when it does not come in time).
 * `host` null (not embedded, or an untrusted framer): the chat counts as always open and nothing
 * is posted.
 */
export function useWidgetBridge({ host, assistant }: { host: string | null; assistant: PublicAssistant | undefined }) {
  // The loader preloads the chat hidden and says `open` when the visitor opens it.
  const [open, setOpen] = useState(!host);
  const [canAddToCart, setCanAddToCart] = useState(false);
  const pending = useRef(new Map<string, (ok: boolean) => void>());

  useEffect(() => {
    if (!host) return;
    const waiting = pending.current;
    const onMessage = (event: MessageEvent) => {
      const message = widgetMessageOf(event, host, window.parent);
      if (!message) return;
      if (message.type === 'open' || message.type === 'close') setOpen(message.type === 'open');
      else if (message.type === 'capabilities') setCanAddToCart(message.addToCart);
      else waiting.get(message.requestId)?.(message.ok);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      for (const answer of waiting.values()) answer(false);
    };
  }, [host]);

  useEffect(() => {
    if (host && assistant) {
      postToWidget(window.parent, host, {
        source: 'aisle-chat',
        type: 'ready',
        theme: assistant.theme,
        assistantName: assistant.assistantName,
      });
    }
  }, [host, assistant]);

  const reportUnread = useCallback(
    (count: number) => {
      if (host) postToWidget(window.parent, host, { source: 'aisle-chat', type: 'unread', count });
    },
    [host],
  );

  const reportThread = useCallback(
    (sharedThreadId: string) => {
      if (host) postToWidget(window.parent, host, { source: 'aisle-chat', type: 'thread', sharedThreadId });
    },
    [host],
  );

  const close = useCallback(() => {
    if (!host) return;
    postToWidget(window.parent, host, { source: 'aisle-chat', type: 'close' });
    setOpen(false);
  }, [host]);

  /** Asks the loader to add the variant to the storefront's cart; only ever from the shopper's click on a card. */
  const addToCart = useCallback(
    (item: CartItem) =>
      new Promise<boolean>((resolve) => {
        if (!host || !canAddToCart) return resolve(false);
        const requestId = newRequestId();
        const timer = setTimeout(() => answer(false), CART_ANSWER_TIMEOUT_MS);
        function answer(ok: boolean) {
          clearTimeout(timer);
          pending.current.delete(requestId);
          resolve(ok);
        }
        pending.current.set(requestId, answer);
        postToWidget(window.parent, host, {
          source: 'aisle-chat',
          type: 'add-to-cart',
          requestId,
          variantId: item.variantId,
          quantity: item.quantity,
        });
      }),
    [host, canAddToCart],
  );

  return { embedded: !!host, open, close, reportUnread, reportThread, canAddToCart, addToCart };
}
