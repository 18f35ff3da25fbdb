import {
  CameraIcon,
  GlobeIcon,
  type LucideIcon,
  MessageCircleIcon,
  MessagesSquareIcon,
  PanelBottomIcon,
  PauseIcon,
  PhoneIcon,
  UserRoundIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { needsPersonReasonText, originLabel } from '../thread-display';

const ORIGIN_ICONS: Record<string, LucideIcon> = {
  widget: PanelBottomIcon,
  messenger: MessageCircleIcon,
  instagram: CameraIcon,
  whatsapp: PhoneIcon,
  line: MessagesSquareIcon,
};

/** Where the conversation started: the public chat page (Web), the storefront widget, or a channel (Messenger, Instagram, WhatsApp, LINE). */
export function OriginBadge({ origin, className }: { origin: string | null; className?: string }) {
  // The label is read from the catalog: follow the interface's language.
  useTranslation('inbox');
  const Icon = (origin && ORIGIN_ICONS[origin]) || GlobeIcon;
  return (
    <span
      data-slot="origin-badge"
      data-origin={origin ?? 'web'}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-md border bg-muted/60 px-1.5 py-px font-medium text-[11px] text-foreground/80',
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {originLabel(origin)}
    </span>
  );
}

/** Auto-reply is off on this conversation: the team answers by hand. */
export function PausedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('inbox');
  return (
    <span
      data-slot="paused-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-md border border-amber-500/30 bg-amber-500/10 px-1.5 py-px font-medium text-[11px] text-amber-800 dark:text-amber-300',
        className,
      )}
    >
      <PauseIcon className="size-3" aria-hidden="true" />
      {t('badges.paused')}
    </span>
  );
}

/**
 * The shopper needs someone from the team (they asked, seemed upset, or went twice unanswered),
 * with why when it is known.
 */
export function NeedsPersonBadge({ reason, className }: { reason: string | null; className?: string }) {
  const { t } = useTranslation('inbox');
  const why = needsPersonReasonText(reason);
  return (
    <span
      data-slot="needs-person-badge"
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border border-rose-500/30 bg-rose-500/10 px-1.5 py-px font-medium text-[11px] text-rose-700 dark:text-rose-300',
        className,
      )}
    >
      <UserRoundIcon className="size-3" aria-hidden="true" />
      {t('badges.needsPerson')}
      {why ? <span className="font-normal">· {why}</span> : null}
    </span>
  );
}
