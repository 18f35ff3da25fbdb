import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isAddressAllowed } from './address-policy';
import { describeBytes, describeSeconds } from './describe-size';
import { FetchFailure } from './fetch-failure';
import type { SandboxNetworkSettings } from './network-policy';
import { type PinnedAddress, pinAddress } from './pin-address';

export interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the function's code gets back (vm-fetch.ts adds text() and json()). */
export interface FetchResult {
  ok: boolean;
  status: number;
  statusText: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  network: SandboxNetworkSettings;
  /** Aborted when the run ends, so nothing outlives it. */
  signal: AbortSignal;
}

const MAX_REDIRECTS = 5;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Set by the host, as browsers do; accept-encoding is left out so responses come uncompressed. */
const DROPPED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept-encoding',
  'proxy-authorization',
  'proxy-connection',
]);
const CROSS_ORIGIN_DROPPED = ['authorization', 'cookie'];

/**
 * The only way out of the sandbox: http and https, to public addresses only (pin-address.ts),
 * redirects followed here (each hop checked again), one time limit for the whole call and a cap
 * on the body, read as a stream and abandoned past the cap. Every failure is a FetchFailure whose
 * message the function's code sees.
 */
export async function hostFetch(request: FetchRequest, limits: FetchLimits): Promise<FetchResult> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([limits.signal, timeout]);
  let url = httpUrl(request.url);
  let method = request.method.toUpperCase();
  if (!METHODS.has(method)) throw new FetchFailure(`fetch refused: the method ${method} is not supported`);
  if ((method === 'GET' || method === 'HEAD') && request.body !== undefined)
    throw new FetchFailure(`fetch failed: a ${method} request cannot have a body`);
  let body = request.body;
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())));
  try {
    for (let hop = 0; ; hop++) {
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      const target = await pinAddress(url, port, limits.network, signal);
      const response = await send(url, target, { method, headers, body }, limits.network, signal);
      const location = response.headers.location;
      if (!isRedirect(response.statusCode) || !location) return await readResult(url, method, response, limits.maxBytes);
      response.destroy();
      if (hop === MAX_REDIRECTS) throw new FetchFailure(`fetch refused: ${request.url} redirected more than ${MAX_REDIRECTS} times`);
      const next = httpUrl(URL.canParse(location, url) ? new URL(location, url).href : location);
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
      }
      if (next.origin !== url.origin) {
        for (const name of Object.keys(headers)) if (CROSS_ORIGIN_DROPPED.includes(name.toLowerCase())) delete headers[name];
      }
      url = next;
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (timeout.aborted) throw new FetchFailure(`fetch failed: ${url.host} did not answer within ${describeSeconds(limits.timeoutMs)}`);
    if (limits.signal.aborted) throw new FetchFailure('fetch failed: the run ended before the answer came');
    throw new FetchFailure(`fetch failed: ${networkProblem(url.host, error)}`, { cause: error });
  }
}

function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchFailure(`fetch failed: ${JSON.stringify(text.slice(0, 200))} is not a valid absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure(`fetch refused: only http and https URLs can be fetched, not ${url.protocol.replace(':', '')}`);
  }
  return url;
}

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function send(
  url: URL,
  target: PinnedAddress,
  init: { method: string; headers: Record<string, string>; body?: string },
  network: SandboxNetworkSettings,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The socket connects to the pinned address whatever the name resolves to by now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const headers: Record<string, string> = { 'user-agent': 'Aisle-Function/1', ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request({
      host: url.hostname.startsWith('[') ? target.address : url.hostname,
      port,
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers,
      lookup: pinned,
      agent: false,
      signal,
    });
    // Belt and braces: the address actually connected to is checked too.
    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress;
        if (!remote || !isAddressAllowed(remote, port, network)) {
          request.destroy(new FetchFailure(`fetch refused: ${remote ?? 'the address'} is a private or loopback address`));
        }
      });
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(init.body);
  });
}

async function readResult(url: URL, method: string, response: IncomingMessage, maxBytes: number): Promise<FetchResult> {
  const tooLarge = () => new FetchFailure(`fetch refused: the response from ${url.host} is larger than ${describeBytes(maxBytes)}`);
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (method === 'HEAD') response.destroy();
  else {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  }
  const status = response.statusCode ?? 0;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: response.statusMessage ?? '',
    url: url.href,
    headers,
    body: new TextDecoder().decode(Buffer.concat(chunks)),
  };
}

function networkProblem(host: string, error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code ?? '';
  if (code === 'ECONNREFUSED') return `${host} refused the connection`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection`;
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} could not be reached`;
  if (code.startsWith('CERT_') || code.startsWith('ERR_TLS') || code.includes('SELF_SIGNED') || code.startsWith('UNABLE_TO')) {
    return `${host} has a TLS certificate that cannot be trusted (${code})`;
  }
  if (code === 'ERR_INVALID_HTTP_TOKEN' || code === 'ERR_INVALID_CHAR') return 'a header name or value is not valid';
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return `${host} sent an invalid HTTP response`;
  return `${host} could not be reached${code ? ` (${code})` : ''}`;
}
