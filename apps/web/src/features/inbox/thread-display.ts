import { channelLabels } from '@aisle/contracts/channels';
import { type Formatters, formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { InboxThread } from './api/shared-thread-fields';
import { VISITOR_SENDER } from './api/shared-thread-fields';

/**
 * How the inbox names and dates things: short visitor names, origin badges, "5m" times, previews.
 * Words come from the `inbox` namespace in the interface's language at the moment they are asked
 * for; dates from `format` (components pass `useFormat()`'s), else the current language's.
 */

/** The interface's current formatters, for callers that pass none. */
export const currentFormat = (): Formatters => formatters(i18n.resolvedLanguage ?? i18n.language ?? 'en');

const VISITOR_NAME_MAX = 18;

/** A visitor by the local part of their anonymous e-mail (`visitor-1@anonymous` → `visitor-1`), cut to fit a row. */
export function visitorLabel(anonymousEmail: string | null | undefined): string {
  const local = (anonymousEmail ?? '').split('@')[0]?.trim() ?? '';
  if (!local) return i18n.t('inbox:display.visitor');
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

/** Where a thread started; channel names are product names, the same in every language. */
export function originLabel(origin: string | null | undefined): string {
  if (!origin || origin === 'web') return i18n.t('inbox:display.origins.web');
  if (origin === 'widget') return i18n.t('inbox:display.origins.widget');
  if (Object.hasOwn(channelLabels, origin)) return channelLabels[origin as keyof typeof channelLabels];
  return origin.charAt(0).toUpperCase() + origin.slice(1);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** "now", "5m", "3h", "2d", then "Nov 3" (with the year when not this one), in the interface's language. */
export function relativeTimeText(iso: string, now: number = Date.now(), format: Formatters = currentFormat()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const age = Math.max(0, now - at);
  if (age < MINUTE) return i18n.t('inbox:display.now');
  if (age < HOUR) return i18n.t('inbox:display.minutesAgo', { value: Math.floor(age / MINUTE) });
  if (age < DAY) return i18n.t('inbox:display.hoursAgo', { value: Math.floor(age / HOUR) });
  if (age < 7 * DAY) return i18n.t('inbox:display.daysAgo', { value: Math.floor(age / DAY) });
  const date = new Date(at);
  return date.getFullYear() === new Date(now).getFullYear()
    ? format.dateParts(date, { month: 'short', day: 'numeric' })
    : format.dateParts(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Nov 3, 2026, 10:05 AM": a date and time in full (tooltips, screen readers). */
export const fullTimeText = (iso: string, format: Formatters = currentFormat()) => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : format.dateTime(at);
};

/** "10:05 AM": a message's time of day. */
export const shortTimeText = (iso: string, format: Formatters = currentFormat()) => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : format.time(at);
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
  if (!message) return i18n.t('inbox:display.noMessages');
  // Visitors write plain text; replies are Markdown.
  if (message.senderType === VISITOR_SENDER) return message.content.replace(/\s+/g, ' ').trim();
  const text = plainLine(message.content);
  return message.isManualResponse ? i18n.t('inbox:display.fromYou', { text }) : i18n.t('inbox:display.fromAssistant', { text });
}

/** Why a thread was handed to a person (turns' handoff reasons): short for badges, whole for the thread. */
const needsPersonReasons = {
  asked: { short: 'inbox:display.reasons.asked', sentence: 'inbox:display.reasonSentences.asked' },
  upset: { short: 'inbox:display.reasons.upset', sentence: 'inbox:display.reasonSentences.upset' },
  unanswered: { short: 'inbox:display.reasons.unanswered', sentence: 'inbox:display.reasonSentences.unanswered' },
} as const;

const knownReason = (reason: string | null | undefined) =>
  reason && Object.hasOwn(needsPersonReasons, reason) ? needsPersonReasons[reason as keyof typeof needsPersonReasons] : null;

/** "asked for one", "seems upset", "unanswered twice"; null for a reason this screen does not know. */
export const needsPersonReasonText = (reason: string | null | undefined): string | null => {
  const known = knownReason(reason);
  return known ? i18n.t(known.short) : null;
};

export const needsPersonReasonSentence = (reason: string | null | undefined): string => {
  const known = knownReason(reason);
  return known ? i18n.t(known.sentence) : i18n.t('inbox:display.reasonSentences.other');
};
