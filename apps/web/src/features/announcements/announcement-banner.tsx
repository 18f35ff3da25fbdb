import { MegaphoneIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { browserStorage } from '@/lib/browser-storage';
import type { AnnouncementItem } from './api/announcements-api';

const DISMISSED_KEY = 'dismissed_announcement';

/** The newest announcement, until the user dismisses it (remembered in this browser). */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const { items } = useCollection<AnnouncementItem>('announcements');
  const [dismissed, setDismissed] = useState(() => browserStorage.getItem(DISMISSED_KEY));
  const latest = items.reduce<AnnouncementItem | null>(
    (newest, item) => (!newest || item.createdAt > newest.createdAt ? item : newest),
    null,
  );
  if (!latest || latest.id === dismissed) return null;

  return (
    <section
      aria-label={t('announcements.banner')}
      className="flex items-start gap-3 border-b bg-primary/5 px-4 py-2.5 text-sm text-foreground md:items-center"
    >
      <MegaphoneIcon className="mt-0.5 size-4 shrink-0 text-primary md:mt-0" aria-hidden="true" />
      <p className="flex-1 break-words">{latest.message}</p>
      <button
        type="button"
        aria-label={t('announcements.dismiss')}
        className="rounded-sm opacity-70 hover:opacity-100"
        onClick={() => {
          browserStorage.setItem(DISMISSED_KEY, latest.id);
          setDismissed(latest.id);
        }}
      >
        <XIcon className="size-4" />
      </button>
    </section>
  );
}
