import { SocialScreen } from '@/features/channels/components/social-screen';

export default function SocialRoute() {
  return <SocialScreen />;
}
