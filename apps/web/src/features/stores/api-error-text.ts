import { ApiError } from '@/lib/api-client';
import { GraphQLRequestError } from '@/lib/graphql-client';

/** Spec §8's generic texts, as the auth screens use them. */
const NETWORK_ERROR = 'A network error has occurred.';
const SERVER_ERROR = 'Internal server error. Please try again later.';

const firstMessage = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value)) return value.map(firstMessage).find(Boolean);
  if (value && typeof value === 'object') return Object.values(value).map(firstMessage).find(Boolean);
  return undefined;
};

/**
 * Field errors of a 400 in the spec's shape (`{"name": ["…"]}`): the first message per field.
 * `detail` is not a field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.data as Record<string, unknown>)) {
    const message = field === 'detail' ? undefined : firstMessage(value);
    if (message) fields[field] = message;
  }
  return fields;
}

/**
 * One line for a failed store or file call (spec §8): the server's `detail`, else its first field
 * error, else `fallback`; network and server failures read as the catalogue's generic texts.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof GraphQLRequestError) return error.message || fallback;
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return NETWORK_ERROR;
  if (error.status >= 500) return SERVER_ERROR;
  const data = error.data;
  if (data && typeof data === 'object' && 'detail' in data) {
    const detail = firstMessage((data as { detail: unknown }).detail);
    if (detail) return detail;
  }
  return firstMessage(data) ?? fallback;
}
