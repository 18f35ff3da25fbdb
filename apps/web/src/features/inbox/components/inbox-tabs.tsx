import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type InboxView = 'conversations' | 'unanswered';

export const inboxViewFrom = (value: string | null): InboxView => (value === 'unanswered' ? 'unanswered' : 'conversations');

const triggerClassName = cn(
  '-mb-px inline-flex items-center gap-1.5 border-b-2 border-transparent px-1 pb-2 font-medium text-muted-foreground text-sm outline-none transition-colors',
  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=active]:border-primary data-[state=active]:text-foreground',
);

const panelClassName = 'flex min-h-0 flex-1 flex-col outline-none';

/**
 * The inbox's two lists: the conversations, and the questions the assistant could not answer
 * (with how many wait). Radix tabs: arrow keys move between them; only the open panel is mounted.
 * `notice` (the live-updates warning) shows above either.
 */
export function InboxTabs({
  view,
  onChange,
  unansweredCount,
  notice,
  conversations,
  unanswered,
}: {
  view: InboxView;
  onChange: (view: InboxView) => void;
  unansweredCount: number;
  notice: ReactNode;
  conversations: ReactNode;
  unanswered: ReactNode;
}) {
  const { t } = useTranslation('inbox');
  return (
    <Tabs.Root value={view} onValueChange={(value) => onChange(inboxViewFrom(value))} className="flex min-h-0 flex-1 flex-col">
      <Tabs.List aria-label={t('tabs.label')} className="mb-3 flex gap-4 border-b px-4">
        <Tabs.Trigger value="conversations" className={triggerClassName}>
          {t('tabs.conversations')}
        </Tabs.Trigger>
        <Tabs.Trigger
          value="unanswered"
          className={triggerClassName}
          aria-label={unansweredCount ? t('tabs.unansweredWaiting', { count: unansweredCount }) : undefined}
        >
          {t('tabs.unanswered')}
          {unansweredCount ? (
            <span className="rounded-full bg-primary px-1.5 py-px text-[11px] text-primary-foreground tabular-nums" aria-hidden="true">
              {unansweredCount}
            </span>
          ) : null}
        </Tabs.Trigger>
      </Tabs.List>
      {notice}
      <Tabs.Content value="conversations" className={panelClassName}>
        {conversations}
      </Tabs.Content>
      <Tabs.Content value="unanswered" className={panelClassName}>
        {unanswered}
      </Tabs.Content>
    </Tabs.Root>
  );
}
