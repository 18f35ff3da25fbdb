import { MessagesSquareIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function ConversationsRoute() {
  return (
    <ComingScreen
      title="Conversations"
      icon={MessagesSquareIcon}
      summary="Your customers' conversations, live."
      items={[
        'Shared chats by last activity, updated live',
        'Pause auto-reply and answer by hand',
        'Search and filters by assistant and channel',
        'Thread summaries',
      ]}
    />
  );
}
