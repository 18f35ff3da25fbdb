import { Share2Icon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function SocialRoute() {
  return (
    <ComingScreen
      title="Social"
      icon={Share2Icon}
      summary="Put your assistants where your customers are."
      items={[
        'Instagram, Messenger, WhatsApp and LINE connections',
        'Which assistant answers on each channel',
        'Connection status and disconnect',
      ]}
    />
  );
}
