import type { UserRepresentation } from '@aisle/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { ApiError } from '@/lib/api-client';

/**
 * `POST /api/users/upload-avatar-url/`: an image becomes the user's avatar (multipart field
 * `avatar`); the stored session's user takes the new URL, so the user menu shows it at once.
 * Not retried: a repeat would store a second copy.
 */
export async function uploadAvatar(token: string | null, file: Blob): Promise<UserRepresentation> {
  const form = new FormData();
  form.append('avatar', file);
  let response: Response;
  try {
    response = await fetch('/api/users/upload-avatar-url/', {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: kept as text.
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as UserRepresentation;
}

export function useUploadAvatar() {
  const { sessionStore } = useAuth();
  return useMutation({
    mutationFn: async (file: Blob) => uploadAvatar(await sessionStore.getValidAccessToken(), file),
    onSuccess: (user) => sessionStore.updateUser({ user_avatar_url: user.user_avatar_url }),
  });
}
