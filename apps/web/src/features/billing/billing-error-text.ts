import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';

/**
 * A payment call's failure in the server's own words: "The payment provider could not be reached"
 * (502) says more than the generic server-error text does, and a reached limit names itself.
 */
export function billingErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.data && typeof error.data === 'object') {
    const detail = (error.data as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail && error.status !== 500) return detail;
  }
  return apiErrorText(error, fallback);
}
