import type { FastifyInstance } from 'fastify';

/**
 * While the process drains, every new request is refused at once with 503, `Retry-After` and
 * `{detail, code: "restarting"}` (the error handler), and its connection closed after the answer:
 * a load balancer or client takes it to another instance. Registered after CORS, so browsers can
 * read the refusal.
 */
export function refuseWhileDraining(app: FastifyInstance) {
  const { shutdown } = app.services;
  app.addHook('onRequest', async (_request, reply) => {
    if (!shutdown.draining) return;
    reply.header('connection', 'close');
    shutdown.refuseWhileDraining();
  });
}

/**
 * The web server's graceful close (main.ts, on SIGTERM or SIGINT): stop listening at once, then
 * drain (`services.shutdown`: new requests refused, idle streams and sockets ended, turns in
 * flight given until `deadlineMs`, then cut cleanly), then close Fastify, which cuts whatever
 * connection is still open (`forceCloseConnections`) and runs the plugins' close hooks.
 */
export async function closeGracefully(app: FastifyInstance, options: { deadlineMs: number }) {
  // Fastify only stops listening after its preClose hooks; here no new connection is taken from
  // the first moment (its own close later waits for this one).
  app.server.close();
  const outcome = await app.services.shutdown.drain(options);
  app.log.info(outcome, 'drained');
  // A turn's route writes its last event right after the turn ends: let it, before connections are cut.
  await new Promise((resolve) => setImmediate(resolve));
  await app.close();
}
