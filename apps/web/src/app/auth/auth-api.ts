import type { ConfirmEmailResponse, LoginResponse, SignUpResponse } from '@aisle/contracts/accounts';
import { apiRequest } from '@/lib/api-client';

/** The accounts calls of spec §7 ("Token", "Users", "Accounts"), as the authentication provider uses them. */

export const loginRequest = (email: string, password: string) =>
  apiRequest<Partial<LoginResponse>>('/api/token/', { body: { email, password } });

export interface RefreshResult {
  access?: string;
  refresh?: string;
  user?: { admin?: boolean; email?: string; tier?: string; user_avatar_url?: string | null };
}

export const refreshRequest = (refresh: string) => apiRequest<RefreshResult>('/api/token/refresh/', { body: { refresh } });

/** `language`: the one the e-mails of the account come in (the interface's, when it is a merchant language). */
export const signUpRequest = (email: string, password: string, language?: string) =>
  apiRequest<SignUpResponse>('/api/users/create/', { body: language ? { email, password, language } : { email, password } });

/** A new verification link for an address still waiting for one; the answer is the same either way. */
export const resendVerificationRequest = (email: string) =>
  apiRequest<{ detail: string }>('/api/users/resend-verification/', { body: { email }, retries: 0 });

export const passwordResetRequest = (email: string) =>
  apiRequest<{ detail: string }>('/api/users/password-reset-request/', { body: { data: { email } } });

export const passwordResetConfirmRequest = (uid: string, token: string, newPassword: string) =>
  apiRequest<{ detail: string }>('/api/users/password-reset-confirm/', { body: { data: { uid, token, new_password: newPassword } } });

export const confirmEmailRequest = (key: string) =>
  apiRequest<ConfirmEmailResponse>(`/api/accounts/confirm-email/${encodeURIComponent(key)}/`, { retries: 0 });
