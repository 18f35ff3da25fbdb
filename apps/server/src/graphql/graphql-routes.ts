import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { createYoga } from 'graphql-yoga';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { createChannelsContext } from '../domains/channels';
import { createInboxContext } from '../domains/inbox';
import { createTurnContext } from '../domains/turns';
import { viewerFromRequest } from '../http/authenticate';
import { clip } from '../lib/log-serializers';
import { RESTARTING_RETRY_AFTER_SECONDS } from '../lib/shutdown';
import { endingOnDrain } from '../lib/sse';
import type { Viewer } from '../lib/viewer';
import { tokenFromAuthorization } from '../lib/viewer';
import { billingResolvers } from './billing-resolvers';
import type { GraphQLContext } from './context';
import { conversationResolvers } from './conversation-resolvers';
import { inboxResolvers } from './inbox-resolvers';
import { inputProblemOf, useInputChecks } from './input-checks';
import { buildResolvers } from './resolvers';
import { createSubscriptionHub } from './subscription-hub';
import { typeDefs } from './type-defs';

interface ServerContext {
  req?: FastifyRequest;
  reply?: FastifyReply;
  viewer?: Viewer | null;
}

/** Realtime constants (spec §9): keep-alive 300000 ms; connection acknowledgement within 15000 ms. */
const KEEP_ALIVE_MS = 300_000;
const CONNECTION_INIT_WAIT_MS = 15_000;

/** WebSocket close code 1001: the server is going away (RFC 6455 §7.4.1). */
const GOING_AWAY = 1001;
/** WebSocket close code 1012: reconnect, the server's state changed (IANA registry: "Service Restart"). */
const SERVICE_RESTART = 1012;
/** graphql-ws's close code for a connection whose credentials are no longer accepted. */
const UNAUTHORIZED = 4401;
const DRAINING_UPGRADE_RESPONSE = `HTTP/1.1 503 Service Unavailable\r\nretry-after: ${RESTARTING_RETRY_AFTER_SECONDS}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`;

/**
 * The live data API: GraphQL Yoga at /graphql for queries, mutations and SSE subscriptions, and
 * graphql-ws (protocol `graphql-transport-ws`) on the same path for WebSocket subscriptions.
 */
export async function graphqlRoutes(app: FastifyInstance) {
  const { shutdown, events } = app.services;
  // Live streams end when the process drains, and when Redis is back after an outage: events
  // published meanwhile never arrived, so the client reconnects and reads its lists again.
  const streamEnds = {
    onDrain(listener: () => void) {
      const stopDrain = shutdown.onDrain(listener);
      const stopResync = events.onResync(listener);
      return () => {
        stopDrain();
        stopResync();
      };
    },
  };
  const hub = createSubscriptionHub(app.services.events);
  const chat = createTurnContext(app.services);
  const inbox = createInboxContext(app.services, app.log.child({ domain: 'inbox' }) as unknown as Logger);
  const schema = makeExecutableSchema({
    typeDefs: typeDefs(),
    // Later resolvers win: the inbox SDL's updateSharedAssistant and deleteSharedAssistant replace the registry's.
    resolvers: [
      buildResolvers(hub),
      conversationResolvers(hub, chat, app.log.child({ domain: 'conversations' }) as unknown as Logger),
      inboxResolvers(inbox, createChannelsContext(app.services, app.log.child({ domain: 'channels' }) as unknown as Logger)),
      billingResolvers(hub),
    ],
  });
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // CORS is Fastify's (CORS_ORIGINS) for every route; Yoga's own would reflect any origin.
    cors: false,
    // What one operation may ask for (the hardening issue: one account must not slow the others):
    // sane input (input-checks.ts); a document of at most 2,000 tokens (the web app's largest is a
    // few hundred; a deeply nested literal is refused before the parser recurses into it); nested
    // connections and aliases each cost a query, so they are bounded (a list of assistants with
    // their threads' messages is 7 deep); and a cost limit over the whole selection (the web app's
    // heaviest query costs about 100). Filters are
    // bounded where they are read (data-api/filter-budget.ts).
    plugins: [
      useInputChecks(),
      maxTokensPlugin({ n: 2000, exposeLimits: true }),
      maxDepthPlugin({ n: 8, exposeLimits: true }),
      maxAliasesPlugin({ n: 30, exposeLimits: true }),
      costLimitPlugin({ maxCost: 1000, exposeLimits: true }),
    ],
    landingPage: false,
    // Yoga logs an error as its first argument; through the logger's serializers, never in full.
    logging: {
      debug: (...args) => app.log.debug(logArgs(args)),
      info: (...args) => app.log.info(logArgs(args)),
      warn: (...args) => app.log.warn(logArgs(args)),
      error: (...args) => app.log.error(logArgs(args)),
    },
    context: async ({ req, viewer }) => {
      if (viewer !== undefined) return { services: app.services, viewer };
      // Known already when the rate limit keyed the request by its account.
      if (req?.viewer !== undefined && req.viewer !== null) return { services: app.services, viewer: req.viewer };
      // An invalid or expired token is the same as none: every operation then reads "Unauthorized".
      const fromRequest = req ? await viewerFromRequest(app, req).catch(() => null) : null;
      return { services: app.services, viewer: fromRequest };
    },
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    bodyLimit: app.services.env.GRAPHQL_BODY_LIMIT,
    schema: { hide: true },
    config: {
      ownInputChecks: true,
      // Per account (per address without a valid token), counted in Redis when scaled out.
      rateLimit: {
        max: app.services.env.GRAPHQL_RATE_LIMIT,
        timeWindow: '1 minute',
        keyGenerator: async (request: FastifyRequest) => {
          request.viewer = await viewerFromRequest(app, request).catch(() => null);
          return request.viewer ? `graphql:account:${request.viewer.userId}` : `graphql:address:${request.ip}`;
        },
      },
    },
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      // A subscription over server-sent events ends when the process drains, without GraphQL's
      // `complete` (which would tell the client it is done): it reconnects, to another instance.
      const streamed = /^(text\/event-stream|multipart\/mixed)/.test(response.headers.get('content-type') ?? '');
      return reply.send(streamed && response.body ? endingOnDrain(response.body, streamEnds) : response.body);
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: app.services.env.GRAPHQL_BODY_LIMIT });
  // A socket's token is checked when it connects: when its user's sessions end (a password reset,
  // a removed staff flag, a deleted account), the socket ends too, on whichever process it is open.
  const socketUsers = new Map<WebSocket, string>();
  const stopSessionWatch = app.services.tokens.onSessionsEnded((userId) => {
    for (const [socket, owner] of socketUsers) if (owner === userId) socket.close(UNAUTHORIZED, 'Unauthorized');
  });
  app.addHook('onClose', async () => stopSessionWatch());
  const wsServer = useServer<Record<string, unknown> | undefined, { viewer?: Viewer }>(
    {
      connectionInitWaitTimeout: CONNECTION_INIT_WAIT_MS,
      onConnect: async (ctx) => {
        const token = tokenFromConnectionParams(ctx.connectionParams);
        if (!token) return false;
        try {
          const claims = await app.services.tokens.verify(token, 'access');
          ctx.extra.viewer = { userId: claims.user_id, email: claims.email, isStaff: claims.is_staff };
          const { socket } = ctx.extra;
          socketUsers.set(socket, claims.user_id);
          socket.once('close', () => socketUsers.delete(socket));
          return true;
        } catch {
          return false;
        }
      },
      execute: (args) => (args.rootValue as { execute: typeof import('graphql').execute }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: typeof import('graphql').subscribe }).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const problem = inputProblemOf(payload.query, payload.variables);
        if (problem) return [problem];
        const enveloped = yoga.getEnveloped({ viewer: ctx.extra.viewer ?? null });
        let document: ReturnType<typeof enveloped.parse>;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Syntax error')];
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length) return errors;
        return {
          schema: enveloped.schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    wss,
    KEEP_ALIVE_MS,
  );

  app.server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname !== '/graphql') return socket.destroy();
    if (shutdown.draining) return socket.end(DRAINING_UPGRADE_RESPONSE);
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  // Draining: every socket hears "going away" (1001) at once, and graphql-ws clients reconnect on
  // their own, to another instance or to this one restarted.
  shutdown.onDrain(() => {
    for (const client of wss.clients) client.close(GOING_AWAY, 'Server restarting');
  });
  const stopResync = events.onResync(() => {
    app.log.info({ sockets: wss.clients.size }, 'live updates resumed after a Redis outage; clients reconnect to catch up');
    for (const client of wss.clients) client.close(SERVICE_RESTART, 'Live updates resumed');
  });
  app.addHook('onClose', async () => stopResync());
  // A client that never answered the close handshake would hold the server's close for 30 s (ws).
  app.addHook('preClose', async () => {
    for (const client of wss.clients) client.terminate();
  });
  app.addHook('onClose', async () => {
    await hub.close();
    await wsServer.dispose();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function logArgs(args: unknown[]): Record<string, unknown> {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const text = args.filter((arg) => typeof arg === 'string').join(' ');
  return { ...(error ? { err: error } : {}), msg: clip(text) };
}

/** Accepts the token as `Authorization`, `authorization`, `token` or Amplify's `headers.Authorization`. */
function tokenFromConnectionParams(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) return undefined;
  const headers = (params.headers ?? {}) as Record<string, unknown>;
  const value = params.Authorization ?? params.authorization ?? params.token ?? headers.Authorization ?? headers.authorization;
  return typeof value === 'string' ? tokenFromAuthorization(value) : undefined;
}
