import { InboxScreen } from '@/features/inbox/components/inbox-screen';

export default function ConversationsRoute() {
  return <InboxScreen />;
}
