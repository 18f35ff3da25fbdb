import { LayoutDashboardIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function DashboardRoute() {
  return (
    <ComingScreen
      title="Dashboard"
      icon={LayoutDashboardIcon}
      summary="What your assistants saved you."
      items={[
        'Customers helped and interactions',
        'Time and cost saved',
        'Usage and cost by model and channel',
        'Peak hours and growth trends',
      ]}
    />
  );
}
