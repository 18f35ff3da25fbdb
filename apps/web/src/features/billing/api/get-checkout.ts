import type { CheckoutStatus } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/checkouts/{id}/`: a checkout, pending until the provider confirms the payment. */
export const useCheckout = (id: string | null) =>
  useBillingQuery<CheckoutStatus>((email) => billingKeys.checkout(email, id ?? ''), `/api/users/checkouts/${id}/`, { enabled: !!id });
