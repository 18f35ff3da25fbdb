/**
 * The client-facing texts of the accounts API. The web app matches some of them exactly (spec §8:
 * "Email is not verified.", "Invalid or expired token."), so they live in one place.
 */
export const accountMessages = {
  duplicateEmail: 'A user with that email already exists.',
  emailVerified: 'Email successfully verified.',
  emailAlreadyVerified: 'This email address is already verified.',
  invalidToken: 'Invalid or expired token.',
  emailNotVerified: 'Email is not verified.',
  noActiveAccount: 'No active account found with the given credentials',
  resetMailSent: 'Password reset e-mail has been sent.',
  resetDone: 'Password reset successful. You can now log in.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  userNotFound: 'User not found',
  userInactive: 'User is inactive',
  verificationResent: 'If this address is waiting for verification, a new link is on its way.',
  /** Django's PasswordChangeForm wording. */
  wrongCurrentPassword: 'Your old password was entered incorrectly. Please enter it again.',
  wrongPassword: 'Your password was entered incorrectly. Please enter it again.',
  sameEmail: 'This is already your e-mail address.',
  emailChangeSent: 'A confirmation link has been sent to the new address. Your e-mail address changes once you follow it.',
  emailChanged: 'Your e-mail address has been changed. Sign in with the new address.',
  /** A change-email link followed after the new address was taken by a sign-up. */
  emailTakenMeanwhile: 'This address now belongs to another account, so the change cannot be made.',
  /** The per-address limit's words (app.ts, DRF's throttling text), so clients read one message. */
  throttled: (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`,
} as const;
