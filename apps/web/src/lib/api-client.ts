import { i18n } from '@/i18n/i18n';

/**
 * The REST client for the backend calls of spec §7: JSON bodies, paths ending in a slash, an
 * optional bearer token. Failures are thrown as ApiError carrying the status and the parsed body,
 * which the error mappers of spec §8 read.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** The response's headers (Shopify's reauthorisation headers are read from them); none on a network error. */
  readonly headers: Headers;

  constructor(status: number, data: unknown, message?: string, headers: Headers = new Headers()) {
    // Words for the rare screen that shows the message itself: the interface's language where `common`
    // is loaded (the merchant app), English otherwise (the public chat maps statuses to its own words).
    super(
      message ??
        (status === 0
          ? i18n.t('common:errors.network', { defaultValue: 'A network error has occurred.' })
          : i18n.t('common:errors.requestFailed', { status, defaultValue: `Request failed with status ${status}` })),
    );
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }

  /** True when the request never got an HTTP answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Spec §8: statuses worth retrying, and the default retry count. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];
export const DEFAULT_RETRIES = 3;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  /** Retries for retryable failures; defaults to 3 for GET (safe to repeat) and 0 otherwise. */
  retries?: number;
  signal?: AbortSignal;
}

const RETRY_BASE_DELAY_MS = 300;

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const retries = options.retries ?? (method === 'GET' ? DEFAULT_RETRIES : 0);
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<T>(path, method, options);
    } catch (error) {
      const retryable = error instanceof ApiError && (error.isNetworkError || RETRYABLE_STATUSES.includes(error.status));
      if (!retryable || attempt >= retries || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_DELAY_MS * 2 ** attempt));
    }
  }
}

async function send<T>(path: string, method: string, options: ApiRequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data, undefined, response.headers);
  return data as T;
}
