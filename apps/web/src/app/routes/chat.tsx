import { ChatScreen } from '@/features/chat/components/chat-screen';

export default function ChatRoute() {
  return <ChatScreen />;
}
