import type { TransactionPage } from '@aisle/contracts/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** `GET /api/users/transactions/?page=N`: the ledger, newest first, 20 a page. */
export function useTransactions(page: number) {
  const { user, sessionStore } = useAuth();
  return useQuery({
    queryKey: billingKeys.transactions(user?.email, page),
    queryFn: async () =>
      apiRequest<TransactionPage>(`/api/users/transactions/${page > 1 ? `?page=${page}` : ''}`, {
        token: await sessionStore.getValidAccessToken(),
      }),
    enabled: !!user?.email,
    placeholderData: keepPreviousData,
  });
}
