import { ApiError } from '@/lib/api-client';

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * POSTs a public chat call that answers with server-sent events. A network failure or a refusal
 * (4xx/5xx) throws ApiError like every REST call (status 0 for the network); aborting the signal
 * rejects with the AbortError itself.
 */
export async function postEventStream(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  return response;
}
