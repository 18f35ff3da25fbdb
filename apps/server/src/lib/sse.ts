import type { FastifyReply } from 'fastify';

/**
 * One `data:` line of JSON. JSON leaves U+2028 and U+2029 unescaped, and many line-based readers
 * (JavaScript's `.` in a RegExp among them) take them for line ends: escaped, they stay in the text.
 */
const dataLine = (data: unknown) =>
  JSON.stringify(data)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface EventStream {
  send(event: string, data: unknown): void;
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
  return {
    send(event, data) {
      if (writable()) reply.raw.write(`event: ${event}\ndata: ${dataLine(data)}\n\n`);
    },
    comment(text) {
      if (writable()) reply.raw.write(`: ${text}\n\n`);
    },
    end() {
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
