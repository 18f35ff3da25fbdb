import http from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type ModelStreamFormat, modelStreamFormatOf, textCoalescer } from './stream-coalescer';

/**
 * The `fetch` the network providers (OpenAI-compatible, Anthropic) are given: one POST, its answer
 * streamed back as a `Response`, over Node's own HTTP client with kept-alive connections.
 *
 * Why not the global fetch: every turn makes one request to the model, and Node's built-in fetch
 * (undici's WHATWG implementation) spent ~1.3 ms of the main thread per turn on its request,
 * header and body machinery (measured by `bench/turn-throughput.ts` with a CPU profile), about a
 * quarter of a turn's main-thread time. This client does only what a model request needs and
 * behaves as fetch does where the AI SDK looks: the same `Response` (status, headers, a byte
 * stream body); a refused or broken connection rejects with `TypeError('fetch failed', { cause })`
 * (the cause's `code` is Node's, as with undici); an abort rejects (and cuts the body) with the
 * signal's reason; gzip, deflate and br bodies are decoded. Anything else (a redirect, a body that
 * is not a string or bytes) is left to the global fetch, which follows the standard in full.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5_000 }),
  'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5_000 }),
};

const IDLE_TIMEOUT_MS = 300_000;

/** A response with no body (fetch's rule): 101, 103, 204, 205, 304 or an answer to HEAD. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers);
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = String(value);
  return out;
}

function decoded(res: http.IncomingMessage): NodeJS.ReadableStream {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

/**
 * The body as a byte stream that reads from the socket as fast as it is read (back pressure kept).
 * A model's streamed answer (`format`) has its text pieces merged while they come faster than a
 * person reads (stream-coalescer.ts).
 */
function bodyOf(
  res: http.IncomingMessage,
  source: NodeJS.ReadableStream,
  signal: AbortSignal | undefined,
  format: ModelStreamFormat | null,
): ReadableStream<Uint8Array> {
  let finished = false;
  let stop = () => {};
  let coalescer: ReturnType<typeof textCoalescer> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = (error?: unknown) => {
        if (finished) return;
        if (error === undefined) coalescer?.end();
        else coalescer?.fail();
        finished = true;
        stop();
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      const onAbort = () => {
        finish(signal?.reason);
        res.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      stop = () => signal?.removeEventListener('abort', onAbort);
      const enqueue = (bytes: Uint8Array) => {
        if (finished) return;
        controller.enqueue(bytes);
        if ((controller.desiredSize ?? 1) <= 0) source.pause();
      };
      coalescer = format ? textCoalescer(format, enqueue) : undefined;
      source.on('data', (chunk: Buffer) => {
        if (finished) return;
        const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (coalescer) coalescer.push(bytes);
        else enqueue(bytes);
      });
      source.on('end', () => finish());
      // A connection cut mid-answer: as undici, `TypeError('terminated')` with the socket's error.
      const fail = (error: Error) => finish(new TypeError('terminated', { cause: error }));
      source.on('error', fail);
      res.on('error', fail);
      res.on('aborted', () => fail(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })));
    },
    pull() {
      source.resume();
    },
    cancel() {
      finished = true;
      coalescer?.stop();
      stop();
      res.destroy();
    },
  });
}

/**
 * A kept-alive connection the server closed while it sat idle, found out only when the next request
 * is written to it (Node's documented race, `request.reusedSocket`): the server never read that
 * request, so it is sent once more on a new connection.
 */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const { body } = init;
  const agent = agents[url.protocol as keyof typeof agents];
  if (input instanceof Request || !agent || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)))
    return fetch(input, init);
  return send(url, init, agent, input, true);
};

function send(url: URL, init: RequestInit, agent: http.Agent, input: string | URL, mayResend: boolean): Promise<Response> {
  const { body, signal } = init;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const method = (init.method ?? 'GET').toUpperCase();
  return new Promise<Response>((resolve, reject) => {
    const headers = { accept: '*/*', ...headerRecord(init.headers) };
    const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent });
    // As undici's header and body timeouts: five minutes without a byte ends the request.
    req.setTimeout(IDLE_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('the provider sent nothing for 5 minutes'), { code: 'ETIMEDOUT' })),
    );
    let settled = false;
    const onAbort = () => {
      req.destroy();
      if (!settled) {
        settled = true;
        reject(signal?.reason);
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      if (mayResend && req.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? '')) resolve(send(url, init, agent, input, false));
      else reject(fetchFailed(error));
    });
    req.on('response', (res) => {
      signal?.removeEventListener('abort', onAbort);
      if (settled) return res.destroy();
      settled = true;
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        // A redirect: the standard's rules (which method, which headers) are the global fetch's.
        res.resume();
        return resolve(fetch(input, init));
      }
      try {
        const responseHeaders = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          responseHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
        const empty = NULL_BODY.has(status) || method === 'HEAD';
        if (empty) res.resume();
        resolve(
          new Response(
            empty
              ? null
              : bodyOf(
                  res,
                  decoded(res),
                  signal ?? undefined,
                  status === 200 ? modelStreamFormatOf(url, res.headers['content-type'] ?? null) : null,
                ),
            {
              status,
              statusText: res.statusMessage ?? '',
              headers: responseHeaders,
            },
          ),
        );
      } catch (error) {
        // An answer fetch could not represent either (a status or header it refuses): a failed request, not a crash.
        res.destroy();
        reject(fetchFailed(error));
      }
    });
    req.end(body ?? undefined);
  });
}
