import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextFromTraceparent, SEMCONV, type Span, SpanKind, SpanStatusCode, startSpan, withTraceContext } from '../lib/tracing';

/**
 * What an `X-Request-Id` may be to be kept: a proxy's or a client's id (a UUID, `abc-123`, a
 * load balancer's `Root=1-…` minus the `=`). Anything else (too long, spaces, control characters,
 * several headers) could forge or break log lines, and is replaced.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when well formed, so one id follows a request
 * from the proxy's log through ours; otherwise a new random UUID (unique across processes and
 * restarts, unlike Fastify's per-process counter).
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

/** Each request's server span, ended with its response (or when the client leaves first). */
const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * First hook of every request: the response names the request's id (`X-Request-Id`, kept by errors,
 * 404s and event streams alike, which all send the reply's headers), and, when tracing, the request
 * runs inside its server span: a child of the caller's `traceparent` when there is one, and the
 * parent of everything the request does (turns, retrieval, the jobs it queues).
 */
export function registerRequestContext(app: FastifyInstance, options: { tracing: boolean }) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!options.tracing) return done();
    const route = request.routeOptions.url;
    const { span, context } = startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: SpanKind.SERVER,
      parent: contextFromTraceparent(request.headers),
      // The route's pattern, never the path: paths and queries carry tokens (links, keys).
      attributes: {
        [SEMCONV.httpMethod]: request.method,
        ...(route ? { [SEMCONV.httpRoute]: route } : {}),
        'aisle.request_id': request.id,
      },
    });
    requestSpans.set(request, span);
    withTraceContext(context, done);
  });
  if (!options.tracing) return;
  const end = (request: FastifyRequest, status: number | null) => {
    const span = requestSpans.get(request);
    if (!span) return;
    requestSpans.delete(request);
    if (status === null) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
    else {
      span.setAttribute(SEMCONV.httpStatus, status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}
