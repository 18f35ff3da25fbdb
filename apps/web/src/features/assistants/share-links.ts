import { type Formatters, formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { Chip } from './assistant-status';

/** Where a share is reached: the public chat page, and the storefront widget's one-line embed. */
export const shareChatUrl = (origin: string, token: string) => `${origin}/shared/chat?token=${encodeURIComponent(token)}`;

export const widgetSnippet = (origin: string, token: string) =>
  `<script src="${origin}/widget.js?token=${encodeURIComponent(token)}" async></script>`;

/** Active (visitors can chat), Off (turned off by the owner), Expired (past its expiry, whatever the switch says). */
export function shareStatusChip(share: { isActive: boolean; expiresAt: string | null }, now: number = Date.now()): Chip {
  if (share.expiresAt && Date.parse(share.expiresAt) <= now) return { label: i18n.t('assistants:share.status.expired'), tone: 'danger' };
  if (!share.isActive) return { label: i18n.t('assistants:share.status.off'), tone: 'neutral' };
  return { label: i18n.t('assistants:share.status.active'), tone: 'success' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input's value, in this device's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (this device's time zone) as ISO 8601 with its zone, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "Expires Nov 1, 2026, 10:00 AM", "Expired …" or "Never expires", dated the interface's way (`format`). */
export function expiryText(
  expiresAt: string | null,
  now: number = Date.now(),
  format: Formatters = formatters(i18n.resolvedLanguage ?? i18n.language ?? 'en'),
): string {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(at)) return i18n.t('assistants:share.expiry.never');
  const date = format.dateTime(at);
  return at <= now ? i18n.t('assistants:share.expiry.expired', { date }) : i18n.t('assistants:share.expiry.expires', { date });
}
