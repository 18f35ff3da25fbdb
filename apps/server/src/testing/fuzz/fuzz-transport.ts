import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * One request of a fuzz campaign, as raw as HTTP allows: the body is text or bytes already
 * serialised (so it may be broken JSON), the URL already encoded (so it may be badly encoded).
 */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was sent, for reports: the target and what about it was hostile. */
  note: string;
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  /** The body as text: whole for JSON, the start of a stream that did not end in time. */
  body: string;
}

/** Sends one request and reads the answer; the test calls `inject`, the benchmark a real process. */
export type Transport = (request: FuzzRequest) => Promise<FuzzResponse>;

/**
 * How long a streamed answer (server-sent events) is read before the client goes away: a visitor's
 * event stream stays open for as long as the page does, so it never ends by itself.
 */
const STREAM_READ_MS = 500;
/** A request still unanswered after this long is a hang, reported as such. */
export const ANSWER_TIMEOUT_MS = 20_000;
/** Bodies are kept up to this size (a GraphQL answer is read whole to look for masked errors). */
const MAX_KEPT_BODY = 256 * 1024;

export class NoAnswerError extends Error {
  constructor(request: FuzzRequest) {
    super(`no answer within ${ANSWER_TIMEOUT_MS} ms to ${request.method} ${request.url.slice(0, 200)}`);
  }
}

/** Reads a body stream until it ends, it grows past MAX_KEPT_BODY, or a stream outlives STREAM_READ_MS. */
async function readBody(chunks: AsyncIterable<Uint8Array>, streamed: boolean, stop: () => void): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  const timer = streamed ? setTimeout(stop, STREAM_READ_MS) : undefined;
  try {
    for await (const chunk of chunks) {
      if (size < MAX_KEPT_BODY) parts.push(Buffer.from(chunk));
      size += chunk.length;
    }
  } catch {
    // The read was stopped (a stream past its time): what came so far is the answer.
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(parts).toString('utf8');
}

const isStream = (contentType: string) => contentType.startsWith('text/event-stream');

function withTimeout<T>(request: FuzzRequest, answer: Promise<T>, abort: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new NoAnswerError(request));
    }, ANSWER_TIMEOUT_MS);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/** Requests through Fastify's `inject`, streamed so an endless event stream can be left. */
export function injectTransport(app: FastifyInstance): Transport {
  return async (request) => {
    const abort = new AbortController();
    const res = await withTimeout(
      request,
      app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.body,
        payloadAsStream: true,
        signal: abort.signal,
      }),
      abort,
    );
    const contentType = String(res.headers['content-type'] ?? '');
    const body = await readBody(res.stream() as Readable, isStream(contentType), () => abort.abort());
    return { status: res.statusCode, contentType, body };
  };
}

/** Past Node's header limit (16 KB) or a body limit (the public chat's is 26 KB): refused, maybe by closing. */
const OVERSIZED = 16 * 1024;

/**
 * A request too large for the server is refused with 413 (or 431 for its headers) and the
 * connection closed at once, without reading the rest: the client, still sending, may see the
 * socket close (EPIPE, ECONNRESET) instead of the answer. That is the refusal, not a failure.
 */
function refusedBeforeSent(request: FuzzRequest, error: unknown): FuzzResponse | null {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
  if (!['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code)) return null;
  if (request.url.length > OVERSIZED) return { status: 431, contentType: '', body: `connection closed (${code}) on an oversized URL` };
  if ((request.body?.length ?? 0) > OVERSIZED)
    return { status: 413, contentType: '', body: `connection closed (${code}) on an oversized body` };
  return null;
}

/** Requests over real HTTP to a listening server (the benchmark's production process). */
export function fetchTransport(baseUrl: string): Transport {
  return async (request) => {
    const abort = new AbortController();
    // fetch sends no body with GET or HEAD; the server's answer to one is covered by the test's inject.
    const canHaveBody = request.method !== 'GET' && request.method !== 'HEAD';
    let res: Response;
    try {
      res = await withTimeout(
        request,
        fetch(baseUrl + request.url, {
          method: request.method,
          headers: request.headers,
          body: canHaveBody && request.body !== undefined ? new Uint8Array(Buffer.from(request.body)) : undefined,
          signal: abort.signal,
          redirect: 'manual',
        }),
        abort,
      );
    } catch (error) {
      const refused = refusedBeforeSent(request, error);
      if (refused) return refused;
      throw error;
    }
    const contentType = res.headers.get('content-type') ?? '';
    const chunks = res.body ?? (async function* () {})();
    const body = await readBody(chunks as AsyncIterable<Uint8Array>, isStream(contentType), () => abort.abort());
    return { status: res.status, contentType, body };
  };
}

/** JSON calls over a transport, for setting up the world a campaign runs in. */
export async function callJson(
  transport: Transport,
  method: string,
  url: string,
  options: { token?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await transport({
    method,
    url,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    note: 'setup',
  });
  let body: Record<string, unknown> = {};
  try {
    body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {};
  } catch {
    body = { text: res.body };
  }
  return { status: res.status, body };
}
