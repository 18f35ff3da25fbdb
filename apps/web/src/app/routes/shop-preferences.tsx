import { useEffect } from 'react';
import { ShopPreferences } from '@/features/shopify/components/shop-preferences';
import { markIntegrationVisited } from '@/features/shopify/integration-state';

export default function ShopPreferencesRoute() {
  useEffect(markIntegrationVisited, []);
  return <ShopPreferences />;
}
