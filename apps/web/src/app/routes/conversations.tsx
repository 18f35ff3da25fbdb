import { ConversationsScreen } from '@/features/inbox/components/conversations-screen';

export default function ConversationsRoute() {
  return <ConversationsScreen />;
}
