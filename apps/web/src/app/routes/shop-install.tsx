import { StoreIcon } from 'lucide-react';
import { PublicCard } from '@/components/layouts/public-card';

/** `/sh/install`: where the Shopify install flow lands (the connection itself arrives with the Shopify integration). */
export default function ShopInstallRoute() {
  return (
    <PublicCard title="Install Aisle" description="Install Aisle from the Shopify App Store to connect your store.">
      <StoreIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}
