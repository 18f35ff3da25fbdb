import type { DailyUsageList } from '@aisle/contracts/billing';
import { billingKeys } from './billing-keys';
import { useBillingQuery } from './use-billing-query';

/** `GET /api/users/daily-usage/`: spend per UTC day, the last 30 days. */
export const useDailyUsage = () => useBillingQuery<DailyUsageList>(billingKeys.dailyUsage, '/api/users/daily-usage/');
