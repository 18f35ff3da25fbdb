import { useEffect } from 'react';
import { markIntegrationVisited } from '@/features/shopify/integration-state';
import { ShopPreferences } from '@/features/shopify/components/shop-preferences';

export default function ShopPreferencesRoute() {
  useEffect(markIntegrationVisited, []);
  return <ShopPreferences />;
}
