import { BotIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function AssistantsRoute() {
  return (
    <ComingScreen
      title="Assistants"
      icon={BotIcon}
      summary="Build assistants from your knowledge, functions and templates."
      items={[
        'Your assistants with model, linked stores and status',
        'Instructions, model, temperature and safeguard settings',
        'Linking stores, functions and templates',
        'Share links and the storefront widget snippet',
      ]}
    />
  );
}
