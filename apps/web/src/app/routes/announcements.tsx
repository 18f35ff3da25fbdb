import { useAuth } from '@/app/auth/auth-provider';
import { AnnouncementsScreen } from '@/features/announcements/components/announcements-screen';
import NotFoundRoute from './not-found';

/** Staff only: anyone else meets the not-found page, as if the screen did not exist. */
export default function AnnouncementsRoute() {
  const { user } = useAuth();
  return user?.admin ? <AnnouncementsScreen /> : <NotFoundRoute />;
}
