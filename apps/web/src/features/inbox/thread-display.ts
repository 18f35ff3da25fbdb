import { channelLabels } from '@aisle/contracts/channels';
import type { InboxThread } from './api/shared-thread-fields';
import { VISITOR_SENDER } from './api/shared-thread-fields';

/** How the inbox names and dates things: short visitor names, origin badges, "5m" times, previews. */

const VISITOR_NAME_MAX = 18;

/** A visitor by the local part of their anonymous e-mail (`visitor-1@anonymous` → `visitor-1`), cut to fit a row. */
export function visitorLabel(anonymousEmail: string | null | undefined): string {
  const local = (anonymousEmail ?? '').split('@')[0]?.trim() ?? '';
  if (!local) return 'Visitor';
  return local.length > VISITOR_NAME_MAX ? `${local.slice(0, VISITOR_NAME_MAX - 1)}…` : local;
}

/** Longest contact name shown whole; rows truncate to their width anyway. */
const CONTACT_NAME_MAX = 64;

/**
 * Who the visitor is, as the inbox names them: the name, e-mail or phone they left through lead
 * capture once known, else the start of their anonymous e-mail.
 */
export function visitorName(thread: Pick<InboxThread, 'anonymousEmail' | 'visitorContact'>): string {
  const contact = thread.visitorContact;
  const known = contact?.name?.trim() || contact?.email?.trim() || contact?.phone?.trim();
  if (!known) return visitorLabel(thread.anonymousEmail);
  return known.length > CONTACT_NAME_MAX ? `${known.slice(0, CONTACT_NAME_MAX - 1)}…` : known;
}

const originLabels: Record<string, string> = { web: 'Web', widget: 'Widget', ...channelLabels };

export function originLabel(origin: string | null | undefined): string {
  if (!origin) return 'Web';
  return originLabels[origin] ?? origin.charAt(0).toUpperCase() + origin.slice(1);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const fullFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "now", "5m", "3h", "2d", then "Nov 3" (with the year when not this one). */
export function relativeTimeText(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const age = Math.max(0, now - at);
  if (age < MINUTE) return 'now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)}d`;
  const date = new Date(at);
  return date.getFullYear() === new Date(now).getFullYear() ? dayFormat.format(date) : yearFormat.format(date);
}

export const fullTimeText = (iso: string) => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : fullFormat.format(at);
};

/** Markdown as one plain line: link texts kept, emphasis, headings, quotes, code marks and `[n]` markers dropped. */
export function plainLine(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\d+\]/g, '')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The newest message in one line, with who wrote it when it was not the visitor. */
export function previewText(thread: Pick<InboxThread, 'lastMessage'>): string {
  const message = thread.lastMessage;
  if (!message) return 'No messages yet';
  // Visitors write plain text; replies are Markdown.
  if (message.senderType === VISITOR_SENDER) return message.content.replace(/\s+/g, ' ').trim();
  return `${message.isManualResponse ? 'You' : 'Assistant'}: ${plainLine(message.content)}`;
}

/** Why a thread was handed to a person (turns' handoff reasons): short for badges, whole for the thread. */
const needsPersonReasons: Record<string, { short: string; sentence: string }> = {
  asked: { short: 'asked for one', sentence: 'The shopper asked to talk to a person.' },
  upset: { short: 'seems upset', sentence: 'The shopper seems upset.' },
  unanswered: { short: 'unanswered twice', sentence: 'The assistant could not answer twice in a row.' },
};

/** "asked for one", "seems upset", "unanswered twice"; null for a reason this screen does not know. */
export const needsPersonReasonText = (reason: string | null | undefined): string | null =>
  (reason && needsPersonReasons[reason]?.short) || null;

export const needsPersonReasonSentence = (reason: string | null | undefined): string =>
  (reason && needsPersonReasons[reason]?.sentence) || 'The assistant handed this conversation to your team.';
