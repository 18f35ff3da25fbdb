import { MessageSquareIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function ChatRoute() {
  return (
    <ComingScreen
      title="Chat"
      icon={MessageSquareIcon}
      summary="Talk to your assistants before your customers do."
      items={['Choose an assistant and its threads', 'Streaming answers with citations', 'Stop, retry, token count and cost per reply']}
    />
  );
}
