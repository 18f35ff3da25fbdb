import type { BillingOptions } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/billing/`: how this user can pay on this server (Stripe, Shopify, or not at all). */
export const useBillingOptions = () => useBillingQuery<BillingOptions>(billingKeys.options, '/api/users/billing/');
