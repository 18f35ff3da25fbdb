import type { ReplyWindow } from '@aisle/contracts/channels';
import { i18n } from '@/i18n/i18n';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "5 h 12 min", "3 days", "under a minute": how long is left, in the interface's language. */
export function remainingText(endsAt: string, now: number): string {
  const left = Date.parse(endsAt) - now;
  if (!(left > 0)) return i18n.t('inbox:replyWindow.noTime');
  if (left >= 2 * DAY) return i18n.t('inbox:replyWindow.days', { days: Math.floor(left / DAY) });
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / 60_000);
  if (hours === 0) return minutes > 0 ? i18n.t('inbox:replyWindow.minutes', { minutes }) : i18n.t('inbox:replyWindow.underAMinute');
  return minutes ? i18n.t('inbox:replyWindow.hoursMinutes', { hours, minutes }) : i18n.t('inbox:replyWindow.hours', { hours });
}

export interface ReplyWindowNote {
  /** `warning` when only a person may reply; `closed` when nothing can be sent from here. */
  tone: 'info' | 'warning' | 'closed';
  title: string;
  detail: string;
}

/**
 * What the inbox says of a channel thread's reply window (spec ★ "Reply windows"): the time left
 * for standard messages, then for a person's replies (Messenger, Instagram), or that WhatsApp now
 * needs a template. Null where there is no window (the web chat, LINE). The texts are the
 * contracts' refusals (TEMPLATE_NEEDED_TEXT, HUMAN_AGENT_CLOSED_TEXT) without "The reply was not
 * sent.", in the interface's language.
 */
export function replyWindowNote(origin: string | null, window: ReplyWindow, now: number): ReplyWindowNote | null {
  switch (window.state) {
    case 'open':
      return {
        tone: 'info',
        title: i18n.t('inbox:replyWindow.openTitle', { left: remainingText(window.endsAt ?? '', now) }),
        detail: origin === 'whatsapp' ? i18n.t('inbox:replyWindow.openWhatsApp') : i18n.t('inbox:replyWindow.openOther'),
      };
    case 'human_agent':
      return {
        tone: 'warning',
        title: i18n.t('inbox:replyWindow.humanAgentTitle', { left: remainingText(window.endsAt ?? '', now) }),
        detail: i18n.t('inbox:replyWindow.humanAgentDetail'),
      };
    case 'template_required':
      return { tone: 'closed', title: i18n.t('inbox:replyWindow.templateTitle'), detail: i18n.t('inbox:replyWindow.templateDetail') };
    case 'closed':
      return { tone: 'closed', title: i18n.t('inbox:replyWindow.closedTitle'), detail: i18n.t('inbox:replyWindow.closedDetail') };
    default:
      return null;
  }
}
