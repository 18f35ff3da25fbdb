import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SharedChatPage } from '@/features/visitor-chat/components/shared-chat-page';
import { widgetHostOf } from '@/features/visitor-chat/widget-bridge';

/**
 * `/shared/chat?token=…[&embed=widget&host=<origin>]`: the public chat of a shared assistant
 * (spec §1), full page or opened by the storefront widget (src/widget).
 */
export default function SharedChatRoute() {
  const [params] = useSearchParams();
  const widget = params.get('embed') === 'widget';
  // Read once: the framing page does not change while the chat is open.
  const [host] = useState(() => (widget ? widgetHostOf(params.get('host'), document.referrer) : null));
  return <SharedChatPage shareToken={params.get('token')?.trim() || null} widget={widget} host={host} />;
}
