import type { AlertInput } from '@/components/alerts/alert-store';
import { ApiError } from '@/lib/api-client';

/** The user-facing texts of spec §8 "Authentication and account", exactly. */
export const authMessages = {
  emailNotVerifiedDetail: 'Email is not verified.',
  emailNotVerifiedTitle: 'Email Verification Required',
  emailNotVerified: 'Your email is not verified. Please check your inbox for the verification email.',
  unauthorized: 'Unauthorized. Please login again.',
  invalidTokenDetail: 'Invalid or expired token.',
  invalidTokenTitle: 'Invalid Token',
  invalidToken: 'The token you provided is invalid or expired. Please try again.',
  serverError: 'Internal server error. Please try again later.',
  networkError: 'A network error has occurred.',
  loginFailed: 'Login failed. Please try again.',
  signUpFailed: 'Signup failed. Please try again.',
  resetRequestFailed: 'Failed to send password reset email.',
  resetFailed: 'Failed to reset the password.',
  confirmEmailFailed: 'Failed to confirm email. Please try again.',
  refreshFailed: 'Token refresh failed. Please login again.',
  loginResponseInvalid: 'Login response missing access token or user data.',
  signUpSucceeded: 'Signup successful. Please verify your email to log in.',
  resetRequestSucceeded: 'Password reset email has been sent. Please check your inbox.',
  resetSucceeded: 'Password reset successful. You can now log in.',
  emailVerified: 'Email successfully verified.',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

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
    if (detail === authMessages.emailNotVerifiedDetail) {
      return { variant: 'warning', title: authMessages.emailNotVerifiedTitle, message: authMessages.emailNotVerified };
    }
    return { variant: 'destructive', message: authMessages.unauthorized };
  }
  if (error.status === 400) {
    if (detail === authMessages.invalidTokenDetail) {
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
