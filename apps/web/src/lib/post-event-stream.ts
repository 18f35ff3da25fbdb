import { ApiError } from './api-client';

type GetToken = () => Promise<string | null>;

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * POSTs a JSON body to a call that answers with server-sent events (the owner's chat turn, the
 * visitor's `stream/` and `events/`). With `getToken` the call carries the bearer token, and a 401
 * is retried once with `refreshToken`'s (a token the server refused although it looked valid).
 * A network failure or a refusal (4xx/5xx) throws ApiError like every REST call (status 0 for the
 * network); aborting the signal rejects with the AbortError itself.
 */
export async function postEventStream(options: {
  path: string;
  body: unknown;
  signal: AbortSignal;
  getToken?: GetToken;
  refreshToken?: GetToken;
}): Promise<Response> {
  const { path, body, signal, getToken, refreshToken } = options;
  const post = (token: string | null) =>
    fetch(path, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });

  let response: Response;
  try {
    response = await post(getToken ? await getToken() : null);
    if (response.status === 401 && refreshToken) response = await post(await refreshToken());
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response), undefined, response.headers);
  return response;
}

/** False for a server (or a buffering proxy) that answered a whole JSON turn instead of a stream. */
export const isEventStream = (response: Response): response is Response & { body: ReadableStream<Uint8Array> } =>
  (response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body !== null;
