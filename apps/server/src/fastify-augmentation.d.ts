/*
 * What the app adds to Fastify's types, in one file the compiler always reads (the server's
 * tsconfig includes src; the web's includes this file for the e2e tests, which import the
 * server's test kit): the services every route reaches, the request's viewer, and a route's
 * own input checks.
 */
import type { Viewer } from './lib/viewer';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** The route checks its own input (the GraphQL endpoint answers in GraphQL's error shape). */
    ownInputChecks?: boolean;
  }
}
