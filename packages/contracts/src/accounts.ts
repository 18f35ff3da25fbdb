import { z } from 'zod';
import { MERCHANT_LANGUAGES } from './languages';
import { TEAM_SIGNATURE } from './visitor-chat';

/**
 * Accounts and authentication shapes (spec §3 "Authentication payloads", §7 Token / Users /
 * Accounts), shared by the server's request validation and the web app's forms. Field names are
 * the spec's snake_case wire names. Messages follow Django REST framework's wording, since the
 * web app shows the first message of a field (spec §8).
 */

/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Far above any real password; it only stops a megabyte-long field from reaching argon2. */
export const PASSWORD_MAX_LENGTH = 1024;
export const AVATAR_URL_MAX_LENGTH = 2048;
/** Access and refresh tokens are a few hundred characters; anything far longer is not ours. */
const TOKEN_MAX_LENGTH = 4096;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/**
 * E-mails are compared lower-cased and trimmed (users type "Ann@Shop.com " as often as
 * "ann@shop.com"). Length is checked before the format, so a 10k-character value gets one clear
 * message instead of a format error.
 */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH))
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.'));

/** Sign-in only needs something to look up: a malformed e-mail simply matches no account. */
const loginEmailSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH))
  .toLowerCase();

/** The rule for a new password (sign-up, reset, the user:create command). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH))
  .refine((value) => !/^\d+$/.test(value), 'This password is entirely numeric.');

const tokenSchema = z.string().min(1, 'This field may not be blank.').max(TOKEN_MAX_LENGTH, tooLong(TOKEN_MAX_LENGTH));

/**
 * Spec §7 writes the password-reset bodies as `data.email`, `data.uid`, …: clients may send the
 * fields flat or wrapped in `{"data": {...}}`; both are accepted and validated the same way.
 */
const unwrapData = (value: unknown) => {
  if (typeof value === 'object' && value !== null && 'data' in value) {
    const data = (value as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data;
  }
  return value;
};

export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

export const tierSchema = z.string().describe('Subscription tier; new accounts start at "basic".');

/** The language of the account's e-mails (and, on the web, of the app): one of MERCHANT_LANGUAGES. */
export const merchantLanguageSchema = z.enum(MERCHANT_LANGUAGES, {
  error: (issue) => (issue.input === undefined ? 'This field is required.' : `Choose one of: ${MERCHANT_LANGUAGES.join(', ')}.`),
});

/** A password the server checks against the stored one: anything up to the length cap. */
const currentPasswordSchema = z.string().min(1, 'This field may not be blank.').max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

// --- Sign-up and e-mail confirmation ---------------------------------------------------------

/**
 * `language` (optional) is the language of the account's e-mails; without it the request's
 * Accept-Language decides, else English.
 */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  language: merchantLanguageSchema.optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signUpResponseSchema = z.object({ email: z.string(), tier: tierSchema });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const confirmEmailParamsSchema = z.object({ key: z.string().min(1).max(200) });

/**
 * A followed verification link; `already_verified: true` when it had been followed before (the
 * address stays verified). `email_changed: true` when the link confirmed a new address for an
 * account (change-email): every session ended, the account signs in with the new address.
 */
export const confirmEmailResponseSchema = z.object({
  detail: z.string(),
  already_verified: z.boolean().optional(),
  email_changed: z.boolean().optional(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

// --- Tokens ----------------------------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: loginEmailSchema,
  password: z.string().min(1, 'This field may not be blank.').max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The user inside the login response (spec §3: email, is_staff, tier, user_avatar_url), plus the
 * account's `language` (an addition to the spec's fields).
 */
export const loginUserSchema = z.object({
  email: z.string(),
  is_staff: z.boolean(),
  tier: tierSchema,
  user_avatar_url: z.string().nullable(),
  language: merchantLanguageSchema,
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const loginResponseSchema = z.object({ access: z.string(), refresh: z.string(), user: loginUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: tokenSchema });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/**
 * The user inside the refresh response (spec §3: admin, email, tier, user_avatar_url), plus the
 * account's `language` (an addition to the spec's fields).
 */
export const refreshUserSchema = z.object({
  admin: z.boolean(),
  email: z.string(),
  tier: tierSchema,
  user_avatar_url: z.string().nullable(),
  language: merchantLanguageSchema,
});
export type RefreshUser = z.infer<typeof refreshUserSchema>;

export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.string(), user: refreshUserSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const tokenRequestSchema = z.object({ token: tokenSchema });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenClaimsSchema = z.object({
  token_type: z.enum(['access', 'refresh']),
  jti: z.string(),
  user_id: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  iat: z.number(),
  /** Seconds since the epoch; the web app reads only this (spec §3). */
  exp: z.number(),
});
export type TokenClaimsBody = z.infer<typeof tokenClaimsSchema>;

// --- Password reset --------------------------------------------------------------------------

export const passwordResetRequestSchema = z.preprocess(unwrapData, z.object({ email: loginEmailSchema }));
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.preprocess(
  unwrapData,
  z.object({
    uid: z.string().min(1, 'This field may not be blank.').max(200, tooLong(200)),
    token: z.string().min(1, 'This field may not be blank.').max(200, tooLong(200)),
    new_password: newPasswordSchema,
  }),
);
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

// --- Users -----------------------------------------------------------------------------------

/** How the server shows a user (never the password hash). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  tier: tierSchema,
  available_usd: z.number(),
  user_avatar_url: z.string().nullable(),
  email_verified: z.boolean(),
  /** ISO 8601. */
  date_joined: z.string(),
});
export type UserRepresentation = z.infer<typeof userSchema>;

/** Django REST framework's PageNumberPagination shape. */
export const userPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(userSchema),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** Any page value is accepted here; one that is not a page of the list is a 404 (DRF's "Invalid page."). */
export const userListQuerySchema = z.object({ page: z.string().optional() });

/** Not checked as a UUID here: a malformed id is a 404 like any other unknown id. */
export const userIdParamsSchema = z.object({ id: z.string() });

export const avatarUrlSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, tooLong(AVATAR_URL_MAX_LENGTH))
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter a valid http(s) URL.' }));

export const updateAvatarUrlRequestSchema = z.object({ avatar_url: avatarUrlSchema });
export type UpdateAvatarUrlRequest = z.infer<typeof updateAvatarUrlRequestSchema>;

// --- Account settings ------------------------------------------------------------------------

/** `POST users/update-language/`: the language of the account's e-mails. */
export const updateLanguageRequestSchema = z.object({ language: merchantLanguageSchema });
export type UpdateLanguageRequest = z.infer<typeof updateLanguageRequestSchema>;

export const updateLanguageResponseSchema = z.object({ language: merchantLanguageSchema });
export type UpdateLanguageResponse = z.infer<typeof updateLanguageResponseSchema>;

/**
 * `POST users/change-password/`: answered with a fresh token pair (the login response's shape),
 * since every other session of the account ends.
 */
export const changePasswordRequestSchema = z.object({ current_password: currentPasswordSchema, new_password: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST users/change-email/`: a confirmation link goes to `new_email`; nothing changes until it is followed. */
export const changeEmailRequestSchema = z.object({ password: currentPasswordSchema, new_email: emailSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** `POST users/delete-account/`: the account and everything it owns, for good. */
export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** `POST users/resend-verification/`: a new verification link for an address still waiting for one. */
export const resendVerificationRequestSchema = z.object({ email: loginEmailSchema });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

// --- Reply signature -------------------------------------------------------------------------

/**
 * How the owner's manual replies are signed to shoppers: as the shop's team (the default), with
 * the owner's own display name, or with the shop's name.
 */
export const replySigners = ['team', 'name', 'shop'] as const;
export type ReplySigner = (typeof replySigners)[number];
export const SIGNATURE_NAME_MAX_LENGTH = 80;

const signatureName = z.string().trim().max(SIGNATURE_NAME_MAX_LENGTH, tooLong(SIGNATURE_NAME_MAX_LENGTH));

/** The signature the owner set, and what shoppers see on a reply sent now (`signature`). */
export const replySignatureSchema = z.object({
  signed_as: z.enum(replySigners),
  display_name: z.string(),
  shop_name: z.string(),
  signature: z.string(),
});
export type ReplySignature = z.infer<typeof replySignatureSchema>;

/** Both names are kept, so switching back does not lose one; the chosen one must not be blank. */
export const updateReplySignatureRequestSchema = z
  .object({
    signed_as: z.enum(replySigners, `Choose one of: ${replySigners.join(', ')}.`),
    display_name: signatureName.default(''),
    shop_name: signatureName.default(''),
  })
  .superRefine((value, ctx) => {
    if (value.signed_as === 'name' && !value.display_name)
      ctx.addIssue({ code: 'custom', path: ['display_name'], message: 'Enter the name to sign your replies with.' });
    if (value.signed_as === 'shop' && !value.shop_name)
      ctx.addIssue({ code: 'custom', path: ['shop_name'], message: 'Enter your shop’s name to sign your replies with.' });
  });
export type UpdateReplySignatureRequest = z.input<typeof updateReplySignatureRequestSchema>;

/** The name a manual reply is signed with: the chosen one, or the shop's team while it is blank. */
export function replySignatureOf(settings: { signed_as: string; display_name?: string | null; shop_name?: string | null }): string {
  const chosen = settings.signed_as === 'name' ? settings.display_name : settings.signed_as === 'shop' ? settings.shop_name : null;
  return chosen?.trim() || TEAM_SIGNATURE;
}
