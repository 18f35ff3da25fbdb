import { BotIcon, HeadsetIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The paused note in English (`handoff.pausedNote`), for the tests that look for it. */
export const PAUSED_NOTE = 'The assistant stays quiet on this conversation until you resume it.';

/** The handoff switch: who answers this visitor, the assistant or the team, and the button that changes it. */
export function HandoffControls({ paused, onToggle }: { paused: boolean; onToggle: () => void }) {
  const { t } = useTranslation('inbox');
  const Icon = paused ? HeadsetIcon : BotIcon;
  return (
    <section
      aria-label={t('handoff.label')}
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2.5 md:px-4', paused ? 'bg-amber-500/10' : 'bg-muted/30')}
    >
      <Icon className={cn('size-4 shrink-0', paused ? 'text-amber-700 dark:text-amber-300' : 'text-primary')} aria-hidden="true" />
      <p className="min-w-48 flex-1 text-sm" data-testid="auto-reply-note">
        <span className="font-medium">{paused ? t('handoff.paused') : t('handoff.active')}</span>
        <span className="text-muted-foreground">{paused ? t('handoff.pausedNote') : t('handoff.activeNote')}</span>
      </p>
      <Button size="sm" variant={paused ? 'default' : 'outline'} onClick={onToggle}>
        {paused ? <PlayIcon /> : <PauseIcon />}
        {paused ? t('handoff.resume') : t('handoff.pause')}
      </Button>
    </section>
  );
}
