import { StoreScreen } from '@/features/knowledge/components/store-screen';

export default function StoreRoute() {
  return <StoreScreen />;
}
