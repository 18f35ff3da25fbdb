import { ShopInstall } from '@/features/shopify/components/shop-install';

/** `/sh/install` (spec §2: public). */
export default function ShopInstallRoute() {
  return <ShopInstall />;
}
