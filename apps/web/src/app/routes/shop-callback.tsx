import { ShopCallback } from '@/features/shopify/components/shop-callback';

/** `/sh/callback` (spec §2: public). */
export default function ShopCallbackRoute() {
  return <ShopCallback />;
}
