import type { Chip } from './assistant-status';

/** Where a share is reached: the public chat page, and the storefront widget's one-line embed. */
export const shareChatUrl = (origin: string, token: string) => `${origin}/shared/chat?token=${encodeURIComponent(token)}`;

export const widgetSnippet = (origin: string, token: string) =>
  `<script src="${origin}/widget.js?token=${encodeURIComponent(token)}" async></script>`;

/** Active (visitors can chat), Off (turned off by the owner), Expired (past its expiry, whatever the switch says). */
export function shareStatusChip(share: { isActive: boolean; expiresAt: string | null }, now: number = Date.now()): Chip {
  if (share.expiresAt && Date.parse(share.expiresAt) <= now) return { label: 'Expired', tone: 'danger' };
  if (!share.isActive) return { label: 'Off', tone: 'neutral' };
  return { label: 'Active', tone: 'success' };
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

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function expiryText(expiresAt: string | null, now: number = Date.now()): string {
  if (!expiresAt) return 'Never expires';
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 'Never expires';
  return `${at <= now ? 'Expired' : 'Expires'} ${expiryFormat.format(at)}`;
}
