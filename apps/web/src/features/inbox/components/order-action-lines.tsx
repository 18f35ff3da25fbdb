import type { TFunction } from 'i18next';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  LoaderCircleIcon,
  MailIcon,
  MapPinIcon,
  PackageSearchIcon,
  RotateCcwIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { OrderAction, OrderToolName } from '../message-commerce';

const toolIcons: Record<OrderToolName, ReactNode> = {
  order_status: <PackageSearchIcon className="size-3.5" />,
  start_return: <RotateCcwIcon className="size-3.5" />,
  change_shipping_address: <MapPinIcon className="size-3.5" />,
  resend_order_confirmation: <MailIcon className="size-3.5" />,
};

type Tone = 'done' | 'pending' | 'warning' | 'failed';

const reasons = ['outside_return_window', 'already_fulfilled', 'already_returned', 'cancelled'];

/** The line's words and how it reads at a glance, for one call's outcome. */
function describe(action: OrderAction, t: TFunction<'inbox'>): { text: string; tone: Tone } {
  const order = action.order ?? t('orderHelp.anOrder');
  switch (action.outcome) {
    case 'running':
      return { text: t('orderHelp.running', { order }), tone: 'pending' };
    case 'failed':
      return { text: t('orderHelp.failed'), tone: 'failed' };
    case 'status':
      return { text: t('orderHelp.status', { order }), tone: 'done' };
    case 'not_found':
      return { text: t('orderHelp.notFound', { order }), tone: 'warning' };
    case 'code_sent':
      return { text: action.sentTo ? t('orderHelp.codeSentTo', { sentTo: action.sentTo }) : t('orderHelp.codeSent'), tone: 'pending' };
    case 'code_wrong':
      return { text: t('orderHelp.codeWrong'), tone: 'warning' };
    case 'code_expired':
      return { text: t('orderHelp.codeExpired'), tone: 'warning' };
    case 'too_many_tries':
      return { text: t('orderHelp.tooManyTries'), tone: 'failed' };
    case 'done':
      if (action.action === 'address') return { text: t('orderHelp.addressChanged', { order }), tone: 'done' };
      if (action.action === 'confirmation') return { text: t('orderHelp.confirmationResent', { order }), tone: 'done' };
      return { text: t('orderHelp.returnStarted', { order }), tone: 'done' };
    case 'not_possible': {
      const reason =
        action.reason && reasons.includes(action.reason) ? t(`orderHelp.reasons.${action.reason}` as 'orderHelp.reasons.cancelled') : null;
      return {
        text: reason ? t('orderHelp.notPossibleBecause', { order, reason }) : t('orderHelp.notPossible', { order }),
        tone: 'warning',
      };
    }
    case 'rate_limited':
      return { text: t('orderHelp.rateLimited'), tone: 'failed' };
    case 'unavailable':
      return { text: t('orderHelp.unavailable'), tone: 'failed' };
    default:
      return { text: t('orderHelp.finished'), tone: 'done' };
  }
}

function ToneIcon({ tone }: { tone: Tone }) {
  if (tone === 'done') return <CircleCheckIcon className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />;
  if (tone === 'warning') return <CircleAlertIcon className="size-3.5 text-amber-600 dark:text-amber-400" aria-hidden="true" />;
  if (tone === 'failed') return <CircleXIcon className="size-3.5 text-destructive" aria-hidden="true" />;
  return <ShieldCheckIcon className="size-3.5 text-sky-600 dark:text-sky-400" aria-hidden="true" />;
}

/**
 * What the built-in order help did on the way to this reply, one compact line per call ("Order
 * status · Order #1001 looked up", "Return · Code sent to j•••@example.com"), so the owner sees
 * what the shopper was told and why. Never a code, an address or what the shopper typed to verify.
 */
export function OrderActionLines({ actions }: { actions: readonly OrderAction[] }) {
  const { t } = useTranslation('inbox');
  if (!actions.length) return null;
  return (
    <ul aria-label={t('orderHelp.label')} className="mb-2 grid gap-1">
      {actions.map((action) => {
        const { text, tone } = describe(action, t);
        return (
          <li
            key={action.id}
            data-tone={tone}
            className={cn(
              'flex min-w-0 items-center gap-1.5 rounded-md border px-2 py-1 text-xs',
              tone === 'done' && 'border-emerald-500/25 bg-emerald-500/5',
              tone === 'warning' && 'border-amber-500/30 bg-amber-500/5',
              tone === 'failed' && 'border-destructive/25 bg-destructive/5',
              tone === 'pending' && 'bg-muted/50',
            )}
          >
            <span className="shrink-0 text-muted-foreground" aria-hidden="true">
              {action.outcome === 'running' ? <LoaderCircleIcon className="size-3.5 animate-spin" /> : toolIcons[action.tool]}
            </span>
            <span className="shrink-0 font-medium text-muted-foreground">{t(`orderHelp.tools.${action.tool}`)}</span>
            <span aria-hidden="true" className="text-muted-foreground/60">
              ·
            </span>
            <span className="min-w-0 flex-1 truncate text-foreground" title={text}>
              {text}
            </span>
            <ToneIcon tone={tone} />
          </li>
        );
      })}
    </ul>
  );
}
