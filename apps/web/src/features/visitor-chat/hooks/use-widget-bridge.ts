import type { PublicAssistant } from '@aisle/contracts/sharing';
import { useCallback, useEffect, useState } from 'react';
import { isFromWidget, postToWidget } from '../widget-bridge';

/**
 * The chat page inside the storefront widget: listens to the loader's `open`/`close` (from the
 * trusted host only), says `ready` with the theme and name once the assistant is known, reports
 * unread replies and the visitor's thread (for the cart attribute), and asks the loader to close. `host` null (not embedded, or an untrusted
 * framer): the chat counts as always open and nothing is posted.
 */
export function useWidgetBridge({ host, assistant }: { host: string | null; assistant: PublicAssistant | undefined }) {
  // The loader preloads the chat hidden and says `open` when the visitor opens it.
  const [open, setOpen] = useState(!host);

  useEffect(() => {
    if (!host) return;
    const onMessage = (event: MessageEvent) => {
      if (isFromWidget(event, host, window.parent)) setOpen(event.data.type === 'open');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
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

  return { embedded: !!host, open, close, reportUnread, reportThread };
}
