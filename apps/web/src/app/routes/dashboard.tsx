import { DashboardScreen } from '@/features/analytics/components/dashboard-screen';

export default function DashboardRoute() {
  return <DashboardScreen />;
}
