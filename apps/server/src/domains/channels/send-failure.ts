/**
 * Why a call to a platform failed, and what that means (spec §8): retried, given up, or the
 * account's token no longer works.
 */
export interface SendFailure {
  /** The HTTP status, or null for a network error or a time-out. */
  status: number | null;
  /** 429, 500, 502, 503, 504, network errors and time-outs (and Meta's own "temporary" errors). */
  retryable: boolean;
  /** The platform refused the token (revoked, expired): the owner must reconnect. */
  tokenInvalid: boolean;
  /** What the owner is shown (the platform's own words when it gave some; never a token). */
  message: string;
}

/** Spec §8: the statuses worth retrying. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/** How long one call to a platform may take before it counts as a time-out (retried). */
export const PLATFORM_CALL_TIMEOUT_MS = 10_000;

export const networkFailure = (cause: unknown): SendFailure => ({
  status: null,
  retryable: true,
  tokenInvalid: false,
  message:
    (cause as { name?: string })?.name === 'TimeoutError' ? 'The platform did not answer in time.' : 'The platform could not be reached.',
});

/** A failure by its HTTP status alone (LINE; Meta refines it with its error codes). */
export function httpFailure(status: number, message: string): SendFailure {
  return { status, retryable: RETRYABLE_STATUSES.includes(status), tokenInvalid: status === 401, message: message.slice(0, 500) };
}

export type SendOutcome = { ok: true; platformMessageId: string | null } | { ok: false; failure: SendFailure };
