import type { Detail, ResendVerificationRequest } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/users/resend-verification/` (no sign-in): a new verification link for an address still
 * waiting for one. The answer is the same whether or not it is (`detail`), so it can be shown as is.
 */
export const resendVerification = (body: ResendVerificationRequest) => apiRequest<Detail>('/api/users/resend-verification/', { body });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
