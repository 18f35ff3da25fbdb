import { StoreIcon } from 'lucide-react';
import { useEffect } from 'react';
import { ComingScreen } from '@/components/layouts/coming-screen';
import { markIntegrationVisited } from '@/features/integrations/integration-state';

export default function ShopPreferencesRoute() {
  useEffect(markIntegrationVisited, []);
  return (
    <ComingScreen
      title="Preferences"
      icon={StoreIcon}
      summary="Your Shopify store connection."
      items={['The connected shop and its status', 'What Aisle imports from your store', 'Storefront widget settings']}
    />
  );
}
