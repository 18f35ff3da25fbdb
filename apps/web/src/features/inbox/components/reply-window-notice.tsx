import { ClockIcon, TriangleAlertIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { ReplyWindowNote } from '../reply-window-text';

/** "**Reply window: 5 h left.** After that, …": the title in bold, then what it means. */
function NoteLine({ note }: { note: ReplyWindowNote }) {
  const { t } = useTranslation('inbox');
  return (
    <Trans
      t={t}
      i18nKey="replyWindow.line"
      values={{ title: note.title, detail: note.detail }}
      components={{ title: <span className="font-medium" /> }}
    />
  );
}

/** A channel thread's reply window: how long the shop may still write, and how. */
export function ReplyWindowNotice({ note }: { note: ReplyWindowNote }) {
  const { t } = useTranslation('inbox');
  const Icon = note.tone === 'info' ? ClockIcon : TriangleAlertIcon;
  return (
    <section
      aria-label={t('replyWindow.label')}
      data-tone={note.tone}
      className={cn(
        'flex items-start gap-2.5 border-b px-3 py-2 text-xs md:px-4',
        note.tone === 'info' && 'bg-muted/20 text-muted-foreground',
        note.tone === 'warning' && 'bg-amber-500/10 text-amber-900 dark:text-amber-200',
        note.tone === 'closed' && 'bg-destructive/5 text-destructive',
      )}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <p>
        <NoteLine note={note} />
      </p>
    </section>
  );
}

/** Instead of the composer, when the platform would refuse any reply: nothing pretends to send. */
export function ClosedComposer({ note }: { note: ReplyWindowNote }) {
  return (
    <div className="border-t bg-background/80 p-3 md:px-4" role="note">
      <p className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm">
        <NoteLine note={note} />
      </p>
    </div>
  );
}
