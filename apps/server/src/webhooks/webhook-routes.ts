import type { FastifyInstance } from 'fastify';
import { receiveWebhook } from './receive-webhook';
import type { WebhookSource } from './webhook-source';

/**
 * Every inbound webhook route, one per topic of each source (DESIGN "Server layout": webhooks/).
 * Bodies stay raw bytes: a signature is computed over exactly what was sent, so no JSON parser
 * (nor the shared input checks, which walk parsed bodies) may touch them first.
 */
export async function webhookRoutes(fastify: FastifyInstance, options: { sources: WebhookSource[] }) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const { db } = fastify.services;
  const logger = fastify.log as unknown as import('pino').Logger;
  for (const source of options.sources) {
    const byPath = Map.groupBy(source.topics, (topic) => topic.path);
    for (const [path, topics] of byPath) {
      fastify.post(
        path,
        {
          config: { ownInputChecks: true },
          schema: {
            tags: [source.tag],
            summary: topics.length === 1 ? (topics[0]?.summary ?? '') : `${source.tag}: ${topics.map((topic) => topic.topic).join(', ')}`,
            description: `Signed by ${source.tag}: a missing or invalid signature is 401 and changes nothing; a repeated delivery is 200 and has no second effect.`,
          },
        },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await receiveWebhook({ db, logger }, { source, topics, rawBody, headers: request.headers });
          return reply.status(outcome.status).send(outcome.body);
        },
      );
    }
  }
}
