import { MessageCircleIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PublicCard } from '@/components/layouts/public-card';

/** `/shared/chat?token=…`: the public chat of a shared assistant (its conversation arrives with sharing). */
export default function SharedChatRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PublicCard
      title="Chat"
      description={token ? 'This assistant will be able to chat with you here soon.' : 'This chat link is missing its token.'}
    >
      <MessageCircleIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}
