import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { publicAssistantQueryOptions, usePublicAssistant } from '../api/decode-shared-token';
import { useShareRecheck } from '../hooks/use-share-recheck';
import { useWidgetBridge } from '../hooks/use-widget-bridge';
import { missingTokenProblem, type ShareProblem, shareProblemOf } from '../share-problem';
import { ChatUnreachableScreen, ShareProblemScreen } from './share-problem-screen';
import { SharedChatSkeleton } from './shared-chat-skeleton';
import { SharedChatView } from './shared-chat-view';

/**
 * The share's colours as the app's own theme variables, scoped to this page's element: every
 * `bg-primary`, ring and button inside takes them, nothing outside does.
 */
const themeStyle = (theme: { primaryColor: string; primaryTextColor: string }) =>
  ({ '--primary': theme.primaryColor, '--primary-foreground': theme.primaryTextColor, '--ring': theme.primaryColor }) as CSSProperties;

function SharedChat({ shareToken, widget, host }: { shareToken: string; widget: boolean; host: string | null }) {
  const assistant = usePublicAssistant(shareToken);
  const bridge = useWidgetBridge({ host, assistant: assistant.data });
  const onClose = bridge.embedded ? bridge.close : undefined;
  const queryClient = useQueryClient();
  /** A later refusal than the one that closed the page (the link turned off was then deleted). */
  const [laterProblem, setLaterProblem] = useState<ShareProblem | null>(null);
  const problem = assistant.isError ? (laterProblem ?? shareProblemOf(assistant.error)) : null;
  // A link turned off opens by itself once the shop turns it on again.
  useShareRecheck({
    shareToken,
    problem,
    watching: bridge.open,
    onActive: (data) => {
      setLaterProblem(null);
      queryClient.setQueryData(publicAssistantQueryOptions(shareToken).queryKey, data);
    },
    onProblem: setLaterProblem,
  });

  if (assistant.isPending) return <SharedChatSkeleton compact={widget} />;
  if (assistant.isError) {
    if (problem) return <ShareProblemScreen problem={problem} onClose={onClose} />;
    return <ChatUnreachableScreen onRetry={() => void assistant.refetch()} onClose={onClose} />;
  }
  return (
    <div style={themeStyle(assistant.data.theme)} className="contents">
      <SharedChatView
        shareToken={shareToken}
        assistant={assistant.data}
        widget={widget}
        visible={bridge.open}
        onClose={onClose}
        onUnread={bridge.reportUnread}
        onThread={bridge.reportThread}
        storefrontCart={{ available: bridge.canAddToCart, add: bridge.addToCart }}
      />
    </div>
  );
}

/**
 * `/shared/chat?token=…`: a visitor's public chat with a shared assistant, full page or inside the
 * storefront widget's iframe (`embed=widget`, the host page's origin in `host`).
 */
export function SharedChatPage({ shareToken, widget, host }: { shareToken: string | null; widget: boolean; host: string | null }) {
  if (!shareToken) return <ShareProblemScreen problem={missingTokenProblem} />;
  return <SharedChat shareToken={shareToken} widget={widget} host={host} />;
}
