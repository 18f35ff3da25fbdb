import type { UpdateLanguageRequest, UpdateLanguageResponse } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/users/update-language/`: the language of the account's e-mails (`en`, `ja`, `th`);
 * sign-in and refresh answers carry it as `user.language`.
 */
export const updateLanguage = (token: string | null, body: UpdateLanguageRequest) =>
  apiRequest<UpdateLanguageResponse>('/api/users/update-language/', { body, token });

export function useUpdateLanguage() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (body: UpdateLanguageRequest) => updateLanguage(await sessionStore.getValidAccessToken(), body),
  });
}
