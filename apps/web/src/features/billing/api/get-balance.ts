import type { AvailableUsd } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/available-usd/`: the credit balance and the tier. */
export const useBalance = () => useBillingQuery<AvailableUsd>(billingKeys.balance, '/api/users/available-usd/');
