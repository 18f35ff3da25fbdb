import { StoreIcon } from 'lucide-react';
import { PublicCard } from '@/components/layouts/public-card';

/** `/sh/callback`: Shopify's OAuth callback page (completed by the Shopify integration). */
export default function ShopCallbackRoute() {
  return (
    <PublicCard title="Connecting your store" description="Open Aisle from your Shopify admin to finish connecting your store.">
      <StoreIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}
