import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { GraphQLRequestError } from '@/lib/graphql-client';

const firstMessage = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value)) return value.map(firstMessage).find(Boolean);
  if (value && typeof value === 'object') return Object.values(value).map(firstMessage).find(Boolean);
  return undefined;
};

/**
 * One line for a failed chat or thread call (spec §8): the server's `detail` or first field error,
 * spec §8's generic texts for network and server failures (in the interface's language), else
 * `fallback`.
 */
export function chatErrorText(error: unknown, fallback: string): string {
  if (error instanceof GraphQLRequestError) return error.message || fallback;
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return i18n.t('chat:errors.network');
  if (error.status >= 500) return i18n.t('chat:errors.server');
  if (error.status === 404) return i18n.t('chat:errors.notFound');
  const data = error.data;
  if (data && typeof data === 'object' && 'detail' in data) return firstMessage((data as { detail: unknown }).detail) ?? fallback;
  return firstMessage(data) ?? fallback;
}

/** The `code` an error answer carries (`no_credit` for 402), for the banner to offer the right way out. */
export const chatErrorCode = (error: unknown): string =>
  error instanceof ApiError && error.data && typeof error.data === 'object' && 'code' in error.data
    ? String((error.data as { code: unknown }).code)
    : error instanceof ApiError
      ? `http_${error.status}`
      : 'failed';
