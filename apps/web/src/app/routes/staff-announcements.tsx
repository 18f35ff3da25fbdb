import { AnnouncementsStaffScreen } from '@/features/announcements/components/announcements-staff-screen';

export default function StaffAnnouncementsRoute() {
  return <AnnouncementsStaffScreen />;
}
