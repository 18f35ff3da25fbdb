import type { AlertInput } from '@/components/alerts/alert-store';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';

/** What the server says in `detail` for the two cases spec §8 names: matched, never shown. */
export const authServerDetails = {
  emailNotVerified: 'Email is not verified.',
  invalidToken: 'Invalid or expired token.',
} as const;

/**
 * The user-facing texts of spec §8 "Authentication and account" (English exactly), each read in the
 * interface's language when it is shown (`auth:messages`, the generic ones from `common:errors`).
 */
export const authMessages = {
  get emailNotVerifiedTitle() {
    return i18n.t('auth:messages.emailNotVerifiedTitle');
  },
  get emailNotVerified() {
    return i18n.t('auth:messages.emailNotVerified');
  },
  get unauthorized() {
    return i18n.t('auth:messages.unauthorized');
  },
  get invalidTokenTitle() {
    return i18n.t('auth:messages.invalidTokenTitle');
  },
  get invalidToken() {
    return i18n.t('auth:messages.invalidToken');
  },
  get serverError() {
    return i18n.t('common:errors.server');
  },
  get networkError() {
    return i18n.t('common:errors.network');
  },
  get loginFailed() {
    return i18n.t('auth:messages.loginFailed');
  },
  get signUpFailed() {
    return i18n.t('auth:messages.signUpFailed');
  },
  get resetRequestFailed() {
    return i18n.t('auth:messages.resetRequestFailed');
  },
  get resetFailed() {
    return i18n.t('auth:messages.resetFailed');
  },
  get confirmEmailFailed() {
    return i18n.t('auth:messages.confirmEmailFailed');
  },
  get refreshFailed() {
    return i18n.t('auth:messages.refreshFailed');
  },
  get refreshNoAccess() {
    return i18n.t('auth:messages.refreshNoAccess');
  },
  get loginResponseInvalid() {
    return i18n.t('auth:messages.loginResponseInvalid');
  },
  get signUpSucceeded() {
    return i18n.t('auth:messages.signUpSucceeded');
  },
  get resetRequestSucceeded() {
    return i18n.t('auth:messages.resetRequestSucceeded');
  },
  get resetSucceeded() {
    return i18n.t('auth:messages.resetSucceeded');
  },
  get verificationResent() {
    return i18n.t('auth:messages.verificationResent');
  },
  get resendFailed() {
    return i18n.t('auth:messages.resendFailed');
  },
  get emailVerified() {
    return i18n.t('auth:messages.emailVerified');
  },
  get passwordsDoNotMatch() {
    return i18n.t('auth:messages.passwordsDoNotMatch');
  },
};

export type AlertMessage = AlertInput & { variant: NonNullable<AlertInput['variant']> };

const firstMessage = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string' && item.length > 0);
  return undefined;
};

const detailOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'detail' in data ? firstMessage((data as { detail: unknown }).detail) : undefined;

/**
 * Maps a failed authentication call to the alert of spec §8. `fallback` is the call's own message
 * ("Login failed. Please try again.", …) for anything the catalogue does not name.
 */
export function describeAuthError(error: unknown, fallback: string): AlertMessage {
  if (!(error instanceof ApiError)) return { variant: 'destructive', message: fallback };
  if (error.isNetworkError) return { variant: 'destructive', message: authMessages.networkError };
  const detail = detailOf(error.data);
  if (error.status === 401) {
    if (detail === authServerDetails.emailNotVerified) {
      return { variant: 'warning', title: authMessages.emailNotVerifiedTitle, message: authMessages.emailNotVerified };
    }
    return { variant: 'destructive', message: authMessages.unauthorized };
  }
  if (error.status === 400) {
    if (detail === authServerDetails.invalidToken) {
      return { variant: 'warning', title: authMessages.invalidTokenTitle, message: authMessages.invalidToken };
    }
    if (error.data && typeof error.data === 'object' && !Array.isArray(error.data)) {
      const fields = error.data as Record<string, unknown>;
      // Spec §8 shows the e-mail field's first message; a body without one (a too-short password,
      // say) still tells the user what to fix rather than a generic failure.
      const message = firstMessage(fields.email) ?? Object.values(fields).map(firstMessage).find(Boolean);
      if (message) return { variant: 'warning', message };
    }
    return { variant: 'warning', message: detail ?? fallback };
  }
  if (error.status >= 500) return { variant: 'destructive', message: authMessages.serverError };
  return { variant: 'destructive', message: detail ?? fallback };
}
