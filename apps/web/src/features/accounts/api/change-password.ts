import type { ChangePasswordRequest, LoginResponse } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { DEFAULT_TIER } from '@/config/constants';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/users/change-password/`: every other session of the account ends, and the answer is a
 * fresh token pair (the sign-in's shape) for this browser. A wrong current password is a 400
 * `{"current_password": [...]}`. Not retried: the old password no longer works after a success.
 */
export const changePassword = (token: string | null, body: ChangePasswordRequest) =>
  apiRequest<LoginResponse>('/api/users/change-password/', { body, token });

export function useChangePassword() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (body: ChangePasswordRequest) => changePassword(await sessionStore.getValidAccessToken(), body),
    // The tokens this browser held were ended with the others: the new pair replaces them.
    onSuccess: (pair) => {
      const current = sessionStore.getState().session?.user;
      sessionStore.signIn({
        accessToken: pair.access,
        refreshToken: pair.refresh,
        user: {
          email: pair.user.email,
          // Sessions that were never admin (platform, query string) stay so, as on a refresh.
          admin: (current?.admin ?? false) && pair.user.is_staff === true,
          tier: pair.user.tier || DEFAULT_TIER,
          user_avatar_url: pair.user.user_avatar_url ?? null,
        },
      });
    },
  });
}
