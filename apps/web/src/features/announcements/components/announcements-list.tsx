import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import type { AnnouncementItem } from '../api/announcements-api';
import { AnnouncementForm } from './announcement-form';

/** Published announcements, newest first; each can be edited in place or deleted after a confirm. */
export function AnnouncementsList({
  items,
  onEdit,
  onDelete,
}: {
  items: readonly AnnouncementItem[];
  onEdit: (id: string, message: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementItem | null>(null);
  return (
    <>
      <ul aria-label={t('announcements.listLabel')} className="grid gap-3">
        {items.map((item) => (
          <li key={item.id} aria-label={item.message} className="rounded-xl border p-4">
            {editing === item.id ? (
              <AnnouncementForm
                label={t('announcements.editLabel')}
                initialMessage={item.message}
                submitLabel={t('actions.save')}
                onSubmit={async (message) => {
                  await onEdit(item.id, message);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="whitespace-pre-wrap break-words text-sm">{item.message}</p>
                  <p className="mt-1 text-muted-foreground text-xs">
                    {format.dateTime(item.createdAt)}
                    {item.ownerEmail ? ` · ${item.ownerEmail}` : ''}
                  </p>
                </div>
                <Button variant="ghost" size="icon" aria-label={t('actions.edit')} onClick={() => setEditing(item.id)}>
                  <PencilIcon />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t('actions.delete')} onClick={() => setDeleting(item)}>
                  <Trash2Icon />
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('announcements.confirmTitle')}
        confirmLabel={t('actions.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting.id);
        }}
      >
        {t('announcements.confirmBody')}
      </ConfirmDialog>
    </>
  );
}
