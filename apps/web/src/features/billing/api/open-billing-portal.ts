import type { PortalResponse } from '@aisle/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/stripe/customer-portal/`, then off to Stripe's portal to manage the subscription. */
export function useOpenBillingPortal() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async () => apiRequest<PortalResponse>('/api/stripe/customer-portal/', { token: await sessionStore.getValidAccessToken() }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
