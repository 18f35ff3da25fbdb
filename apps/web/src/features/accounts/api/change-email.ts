import type { ChangeEmailRequest, Detail } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/users/change-email/`: a confirmation link is mailed to `new_email`; nothing changes until
 * it is followed (the verify page, `email_changed: true`), which ends every session. A wrong password
 * is a 400 `{"password": [...]}`, a taken address `{"new_email": ["A user with that email already exists."]}`.
 */
export const changeEmail = (token: string | null, body: ChangeEmailRequest) =>
  apiRequest<Detail>('/api/users/change-email/', { body, token });

export function useChangeEmail() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (body: ChangeEmailRequest) => changeEmail(await sessionStore.getValidAccessToken(), body),
  });
}
