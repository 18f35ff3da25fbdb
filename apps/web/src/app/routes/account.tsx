import { UserRoundIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function AccountRoute() {
  return (
    <ComingScreen
      title="Account"
      icon={UserRoundIcon}
      summary="Your profile, plan and credit."
      items={['Profile and avatar', 'Tier, limits and usage', 'Subscriptions, top-ups and transactions']}
    />
  );
}
