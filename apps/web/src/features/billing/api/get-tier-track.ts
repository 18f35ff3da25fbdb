import type { TierTrack } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/tier-track/`: the period in force and every limit with what is used of it. */
export const useTierTrack = () => useBillingQuery<TierTrack>(billingKeys.tierTrack, '/api/users/tier-track/');
