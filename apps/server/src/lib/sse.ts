import { performance } from 'node:perf_hooks';
import type { FastifyReply } from 'fastify';
import type { Shutdown } from './shutdown';

/**
 * One `data:` line of JSON. JSON leaves U+2028 and U+2029 unescaped, and many line-based readers
 * (JavaScript's `.` in a RegExp among them) take them for line ends: escaped, they stay in the text.
 */
const dataLine = (data: unknown) =>
  JSON.stringify(data)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * How long streamed text may gather before it is written, once the first piece is out: pieces that
 * come faster than a person reads go out as one event (and one write) per window.
 */
export const TEXT_FLUSH_MS = 50;

export interface EventStream {
  send(event: string, data: unknown): void;
  /**
   * A piece of streamed text, sent as `event` with `{text}`: the first at once, later ones gathered
   * for up to TEXT_FLUSH_MS and sent as one event. Any other event, a comment or the end sends
   * what was gathered first, so the order is kept.
   */
  text(event: string, piece: string): void;
  /** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
  comment(text: string): void;
  end(): void;
  readonly open: boolean;
}

/**
 * Turns a Fastify reply into a server-sent event stream (the reply is hijacked: Fastify no longer
 * sends it). Headers already set on the reply (CORS, rate limits, security) are kept. Writes after
 * the client went away are dropped.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const writable = () => !reply.raw.writableEnded && !reply.raw.destroyed;
  const write = (event: string, data: unknown) => {
    if (writable()) reply.raw.write(`event: ${event}\ndata: ${dataLine(data)}\n\n`);
  };
  let gathered = '';
  let gatheredEvent = '';
  let quietUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!gathered) return;
    const text = gathered;
    gathered = '';
    write(gatheredEvent, { text });
    quietUntil = performance.now() + TEXT_FLUSH_MS;
  };
  return {
    send(event, data) {
      flush();
      write(event, data);
    },
    text(event, piece) {
      if (!piece) return;
      if (gathered && gatheredEvent !== event) flush();
      gatheredEvent = event;
      gathered += piece;
      if (timer) return;
      const wait = quietUntil - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    comment(text) {
      flush();
      if (writable()) reply.raw.write(`: ${text}\n\n`);
    },
    end() {
      flush();
      if (writable()) reply.raw.end();
    },
    get open() {
      return writable();
    },
  };
}

/** Runs `onGone` once when the client closes the connection before the response is complete. */
export function onClientGone(reply: FastifyReply, onGone: () => void) {
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) onGone();
  });
}

/**
 * A streamed response body (a GraphQL subscription over server-sent events) that ends, as a plain
 * end of stream, once the process drains: its source is cancelled (the subscription stops) and the
 * client sees the response finish cleanly, without a protocol `complete`, so it reconnects.
 */
export function endingOnDrain(body: ReadableStream<Uint8Array>, shutdown: Pick<Shutdown, 'onDrain'>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  let stopWatching = () => {};
  const cancelSource = (reason?: unknown) =>
    reader.cancel(reason).catch(() => {
      // The source failed as it was cancelled: nothing more can be read from it either way.
    });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stopWatching = shutdown.onDrain(() => {
        if (ended) return;
        ended = true;
        controller.close();
        void cancelSource();
      });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (ended) return;
      if (!done) return controller.enqueue(value);
      ended = true;
      stopWatching();
      controller.close();
    },
    cancel(reason) {
      ended = true;
      stopWatching();
      return cancelSource(reason);
    },
  });
}
