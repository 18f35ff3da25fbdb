import { z } from 'zod';

/**
 * Share links (spec §1, §3 SharedAssistant; §7 Shared assistant): the owner's calls, a link's
 * theme, and what a share token opens for a visitor. The visitor's chat is in visitor-chat.ts, the
 * owner's inbox in inbox.ts, the storefront widget's protocol in widget.ts.
 */

/** Random bytes in a share token and a visitor token (base64url): 192 bits, unguessable. */
export const SHARE_TOKEN_BYTES = 24;
export const VISITOR_TOKEN_BYTES = 24;

const uuid = z.uuid('Must be a valid UUID.');
const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
/** Share and visitor tokens: base64url, bounded (a forged token is refused as not found, not as malformed). */
export const shareTokenSchema = z.string().trim().min(1, blank).max(200, tooLong(200));
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB.');

/** The colours of the public chat and the widget's launcher. */
export const shareThemeSchema = z.object({
  /** Launcher, header and the visitor's bubbles. */
  primaryColor: hexColor,
  /** Text on the primary colour. */
  primaryTextColor: hexColor,
});
export type ShareTheme = z.infer<typeof shareThemeSchema>;
export const DEFAULT_SHARE_THEME: ShareTheme = { primaryColor: '#18181b', primaryTextColor: '#ffffff' };

// ── Owner: POST shared-assistant/create/ and delete/ ────────────────────────────────────────────

export const sharedAssistantCreateSchema = z.object({
  assistantId: uuid,
  /** When the link stops working; absent or null: never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter a date and time with a time zone (ISO 8601).' }).nullish(),
  theme: shareThemeSchema.optional(),
});
export type SharedAssistantCreate = z.infer<typeof sharedAssistantCreateSchema>;

/** The field error (`{expiresAt: [...]}`, 400) for an expiry that is not in the future. */
export const EXPIRES_IN_PAST_TEXT = 'Enter a date and time in the future.';

export const sharedAssistantDeleteSchema = z.object({ id: uuid });

/** A SharedAssistant as the owner sees it (REST answers; GraphQL has the same fields). */
export const sharedAssistantSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shareToken: z.object({ token: z.string() }),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  originalAssistantID: z.string(),
  assistantName: z.string().nullable(),
  theme: shareThemeSchema,
  status: z.string().nullable(),
  log: z.string().nullable(),
});
export type SharedAssistant = z.infer<typeof sharedAssistantSchema>;

/** `updateSharedAssistant` (GraphQL) input besides its id: what the owner may change on a share. */
export const sharedAssistantUpdateSchema = z.object({
  isActive: z.boolean('Must be true or false.').optional(),
  /** When the link stops working; null: never. A new date must be in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter a date and time with a time zone (ISO 8601).' }).nullish(),
  assistantName: z.string().trim().min(1, blank).max(200, tooLong(200)).nullish(),
  theme: shareThemeSchema.optional(),
});
export type SharedAssistantUpdate = z.infer<typeof sharedAssistantUpdateSchema>;

// ── Visitor: POST shared-chat/decode-shared-token/ ──────────────────────────────────────────────

export const decodeSharedTokenSchema = z.object({ token: shareTokenSchema });

/** The public face of a shared assistant: nothing of the owner's beyond what visitors see. */
export const publicAssistantSchema = z.object({
  sharedAssistantId: z.string(),
  assistantName: z.string(),
  assistantAvatarUrl: z.string().nullable(),
  userAvatarUrl: z.string().nullable(),
  theme: shareThemeSchema,
  /** Questions offered to start with (the assistant's `assistantUserQA` questions). */
  suggestedQuestions: z.array(z.string()),
});
export type PublicAssistant = z.infer<typeof publicAssistantSchema>;

/**
 * Why a token does not open a chat. Answered as 404 `{detail, code}` (`not_found`, also for forged
 * and deleted tokens), or 410 for `inactive` and `expired`.
 */
export const shareTokenProblems = {
  not_found: 'This chat link does not exist. Ask the shop for a new one.',
  inactive: 'This chat is turned off for now. Please try again later.',
  expired: 'This chat link has expired. Ask the shop for a new one.',
} as const;
export type ShareTokenProblem = keyof typeof shareTokenProblems;
