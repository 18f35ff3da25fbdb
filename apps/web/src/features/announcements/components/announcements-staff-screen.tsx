import { ANNOUNCEMENT_MAX_LENGTH } from '@aisle/contracts/entities';
import { MegaphoneIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { EmptyState } from '@/components/empty-state';
import { Textarea } from '@/components/form-controls';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useDeleteAnnouncement, usePublishAnnouncement } from '../api/manage-announcements';

interface AnnouncementItem {
  id: string;
  createdAt: string;
  message: string;
}

/**
 * Staff only: writes the announcement every user sees as a banner (spec §1, issue 19), newest
 * first, live; and withdraws old ones. Anyone else is told the screen is not theirs.
 */
export function AnnouncementsStaffScreen() {
  const { user } = useAuth();
  const { items } = useCollection<AnnouncementItem>('announcements');
  const [message, setMessage] = useState('');
  const publish = usePublishAnnouncement();
  const remove = useDeleteAnnouncement();

  if (!user?.admin) {
    return (
      <EmptyState icon={MegaphoneIcon} title="Staff only">
        <p className="mt-1 text-muted-foreground text-sm">Only staff can write announcements.</p>
      </EmptyState>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) return;
    publish.mutate(text, { onSuccess: () => setMessage('') });
  };
  const newestFirst = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-8 md:px-8 md:pt-8">
      <ScreenHeader title="Announcements" icon={MegaphoneIcon} summary="What every user sees in the banner at the top of the app." />
      <form onSubmit={submit} className="space-y-2 rounded-xl border bg-card p-4">
        <label htmlFor="announcement-message" className="font-medium text-sm">
          New announcement
        </label>
        <Textarea
          id="announcement-message"
          value={message}
          maxLength={ANNOUNCEMENT_MAX_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
          rows={3}
        />
        {publish.error ? (
          <p role="alert" className="text-destructive text-sm">
            {apiErrorText(publish.error, 'The announcement was not published.')}
          </p>
        ) : null}
        <Button type="submit" disabled={!message.trim() || publish.isPending}>
          Publish
        </Button>
      </form>
      <ul className="mt-4 space-y-2" aria-label="Published announcements">
        {newestFirst.map((item, index) => (
          <li key={item.id} className="flex items-start gap-3 rounded-xl border bg-card p-3 text-sm">
            <div className="flex-1">
              <p className="break-words">{item.message}</p>
              <p className="text-muted-foreground text-xs">
                {new Date(item.createdAt).toLocaleString()}
                {index === 0 ? ' · shown now' : ''}
              </p>
            </div>
            <Button variant="ghost" size="icon" aria-label={`Delete “${item.message}”`} onClick={() => remove.mutate(item.id)}>
              <Trash2Icon className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
