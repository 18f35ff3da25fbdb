import type { FastifyInstance } from 'fastify';
import type { WebhookResult } from '../lib/metrics/metrics';
import { receiveWebhook, type WebhookOutcome, webhookTexts } from './receive-webhook';
import type { WebhookSource } from './webhook-source';

/**
 * Every inbound webhook route, one per topic of each source (DESIGN "Server layout": webhooks/).
 * Bodies stay raw bytes: a signature is computed over exactly what was sent, so no JSON parser
 * (nor the shared input checks, which walk parsed bodies) may touch them first.
 */
export async function webhookRoutes(fastify: FastifyInstance, options: { sources: WebhookSource[] }) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const { db, metrics } = fastify.services;
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
          let outcome: WebhookOutcome;
          try {
            outcome = await receiveWebhook({ db, logger }, { source, topics, rawBody, headers: request.headers });
          } catch (error) {
            metrics.webhook(source.name, 'failed');
            throw error;
          }
          metrics.webhook(source.name, webhookResultOf(outcome));
          return reply.status(outcome.status).send(outcome.body);
        },
      );
    }
  }
}

/** A webhook request's result as the metrics count it (lib/metrics): from the answer it got. */
function webhookResultOf(outcome: WebhookOutcome): WebhookResult {
  if (outcome.status === 401) return 'refused';
  if (outcome.status === 400) return 'invalid';
  if (outcome.status === 404) return 'disabled';
  if (outcome.body.detail === webhookTexts.duplicate) return 'duplicate';
  return outcome.body.detail === webhookTexts.notHandled ? 'ignored' : 'verified';
}
