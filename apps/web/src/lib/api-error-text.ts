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
 * A 400's field errors flattened to dotted paths with their first message:
 * `{storeRetrievalSettings: {passagesPerTurn: ["…"]}}` → `{"storeRetrievalSettings.passagesPerTurn": "…"}`,
 * `{assistantUserQA: [{}, {question: ["…"]}]}` → `{"assistantUserQA.1.question": "…"}`. `detail` is not a field.
 */
export function fieldErrorPaths(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return {};
  const fields: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (value && !(path in fields)) fields[path] = value;
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      const message = firstMessage(value);
      if (message) fields[path] = message;
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${path}.${index}`);
    } else if (value && typeof value === 'object') {
      for (const [key, nested] of Object.entries(value)) walk(nested, path ? `${path}.${key}` : key);
    }
  };
  for (const [field, value] of Object.entries(error.data as Record<string, unknown>)) if (field !== 'detail') walk(value, field);
  return fields;
}

/** The body's `detail`, when it is the server's JSON with one. */
const detailOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'detail' in data ? firstMessage((data as { detail: unknown }).detail) : undefined;

/**
 * 502, 503 and 504 with a `detail` are the server saying a provider it depends on is down ("LINE
 * could not be reached. Try again in a moment."): that says more than the generic text. A proxy's
 * own 502 page has no JSON `detail`, and stays generic.
 */
const PROVIDER_OUTAGE_STATUSES: readonly number[] = [502, 503, 504];

/**
 * One line for a failed call: the server's `detail`, else its first field error, else `fallback`.
 * Network and server failures read spec §8's generic texts, in the interface's language (a 500 always
 * does, whatever its body); a 502/503/504 with a `detail` shows that detail. What the server wrote is
 * shown as it wrote it.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof GraphQLRequestError) return error.message || fallback;
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return i18n.t('common:errors.network');
  if (error.status >= 500) {
    const outage = PROVIDER_OUTAGE_STATUSES.includes(error.status) ? detailOf(error.data) : undefined;
    return outage ?? i18n.t('common:errors.server');
  }
  return detailOf(error.data) ?? firstMessage(error.data) ?? fallback;
}
