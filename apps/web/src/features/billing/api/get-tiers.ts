import type { TierPage } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/tier-limits/`: the tiers with their prices and limits (one page holds them all). */
export const useTiers = () => useBillingQuery<TierPage>(billingKeys.tiers, '/api/users/tier-limits/');
