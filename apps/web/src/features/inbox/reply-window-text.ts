import { HUMAN_AGENT_CLOSED_TEXT, type ReplyWindow, TEMPLATE_NEEDED_TEXT } from '@aisle/contracts/channels';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "5 h 12 min", "3 days", "under a minute": how long is left. */
export function remainingText(endsAt: string, now: number): string {
  const left = Date.parse(endsAt) - now;
  if (!(left > 0)) return 'no time';
  if (left >= 2 * DAY) return `${Math.floor(left / DAY)} days`;
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / 60_000);
  if (hours === 0) return minutes > 0 ? `${minutes} min` : 'under a minute';
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
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
 * needs a template. Null where there is no window (the web chat, LINE).
 */
export function replyWindowNote(origin: string | null, window: ReplyWindow, now: number): ReplyWindowNote | null {
  switch (window.state) {
    case 'open':
      return {
        tone: 'info',
        title: `Reply window: ${remainingText(window.endsAt ?? '', now)} left`,
        detail:
          origin === 'whatsapp'
            ? 'After that, WhatsApp only allows a template message until the customer writes again.'
            : 'After that, only your team’s replies can be sent (with the human-agent tag), for up to 7 days after the customer’s last message.',
      };
    case 'human_agent':
      return {
        tone: 'warning',
        title: `Human-agent window: ${remainingText(window.endsAt ?? '', now)} left`,
        detail: 'The assistant can no longer reply here. Your replies are sent with the human-agent tag.',
      };
    case 'template_required':
      return { tone: 'closed', title: 'Template message needed', detail: TEMPLATE_NEEDED_TEXT.replace(' The reply was not sent.', '') };
    case 'closed':
      return { tone: 'closed', title: 'Reply window closed', detail: HUMAN_AGENT_CLOSED_TEXT.replace(' The reply was not sent.', '') };
    default:
      return null;
  }
}
