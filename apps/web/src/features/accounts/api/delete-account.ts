import type { DeleteAccountRequest } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/users/delete-account/`: the account and everything it owns are deleted (204) and every
 * session ends, so this browser signs out. A wrong password is a 400 `{"password": [...]}`; an
 * account that signs in only through Shopify, or whose subscription still renews, a 400 `{"detail"}`.
 */
export const deleteAccount = (token: string | null, body: DeleteAccountRequest) =>
  apiRequest<null>('/api/users/delete-account/', { body, token });

export function useDeleteAccount() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (body: DeleteAccountRequest) => deleteAccount(await sessionStore.getValidAccessToken(), body),
    onSuccess: () => sessionStore.signOut(),
  });
}
