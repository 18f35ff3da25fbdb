import type { CheckoutResponse } from '@aisle/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

export type CheckoutChoice = { tier: string } | { amount_usd: number };

/**
 * Starts a checkout and sends the user to the provider: Stripe Checkout (`stripe/checkout/`, or
 * `users/top-up-usd/` for credit) for web users, Shopify's approval page (`sh/create-charge/`) for
 * stores inside Shopify, opened over the whole admin as Shopify requires.
 */
export function useStartCheckout(provider: 'stripe' | 'shopify' | null) {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (choice: CheckoutChoice) => {
      const path =
        provider === 'shopify' ? '/api/sh/create-charge/' : 'tier' in choice ? '/api/stripe/checkout/' : '/api/users/top-up-usd/';
      return apiRequest<CheckoutResponse>(path, { body: choice, token: await sessionStore.getValidAccessToken() });
    },
    onSuccess: ({ url }) => {
      if (provider === 'shopify') window.open(url, '_top');
      else window.location.assign(url);
    },
  });
}
