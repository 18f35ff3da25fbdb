import type { MetaApp } from '../channels-context';
import { networkFailure, PLATFORM_CALL_TIMEOUT_MS, RETRYABLE_STATUSES, type SendFailure } from '../send-failure';

/** The Graph API's error body: `{"error": {message, type, code, error_subcode, is_transient, fbtrace_id}}`. */
interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
}

/**
 * Meta's "try again later" codes (Graph API error handling): 1 and 2 temporary, 4, 17, 32 and 613
 * call-rate limits. They come with a 400, but retrying them is what Meta asks for.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 32, 613]);
/** OAuthException 190 (expired, revoked or invalid token) and 102 (session): the owner must reconnect. */
const TOKEN_CODES = new Set([102, 190]);

export function graphFailure(status: number, error: GraphError | undefined): SendFailure {
  const code = error?.code;
  const tokenInvalid = status === 401 || (code !== undefined && TOKEN_CODES.has(code));
  const retryable =
    !tokenInvalid &&
    (RETRYABLE_STATUSES.includes(status) || error?.is_transient === true || (code !== undefined && TEMPORARY_CODES.has(code)));
  const text = error?.message ? `${error.message}${code ? ` (code ${code})` : ''}` : `The Graph API answered ${status}.`;
  return { status, retryable, tokenInvalid, message: text.slice(0, 500) };
}

export type GraphResult<T> = { ok: true; body: T } | { ok: false; failure: SendFailure };

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** After the version: `me/accounts`, `{page-id}/messages`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as a bearer header, never in the URL (URLs end up in logs). */
  token?: string;
}

/**
 * A thin client of the Graph API (DESIGN "Outside services": Meta by thin fetch clients): one call,
 * a time limit, and its failure classified. Never throws for an HTTP or network failure.
 */
export async function graphCall<T>(app: MetaApp, request: GraphRequest): Promise<GraphResult<T>> {
  const url = new URL(`${app.graphOrigin}/${app.version}/${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(PLATFORM_CALL_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, failure: networkFailure(error) };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An HTML error page from a proxy: classified by its status alone.
  }
  if (!response.ok) return { ok: false, failure: graphFailure(response.status, (body as { error?: GraphError } | null)?.error) };
  return { ok: true, body: body as T };
}
