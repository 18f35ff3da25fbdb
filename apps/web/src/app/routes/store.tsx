import { StoreScreen } from '@/features/stores/components/store-screen';

export default function StoreRoute() {
  return <StoreScreen />;
}
