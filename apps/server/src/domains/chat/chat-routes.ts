import { chatMessageRequestSchema, chatTurnResponseSchema } from '@aisle/contracts/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { type EventStream, onClientGone, openEventStream } from '../../lib/sse';
import type { TurnSlot } from '../../lib/turn-gate';
import { modelCatalog } from '../ai/model-catalog';
import { createKnowledgeContext } from '../knowledge/knowledge-context';
import { type TurnContext, TurnFailure } from '../turns/turn-context';
import { runTurn } from './run-turn';

/** Chat turns (spec §7 Chat), mounted under `/api` by app.ts. */
export async function chatRoutes(fastify: FastifyInstance) {
  const ctx: TurnContext = {
    db: fastify.services.db,
    events: fastify.services.events,
    env: fastify.services.env,
    knowledge: createKnowledgeContext(fastify.services),
    models: modelCatalog(fastify.services.env),
    turns: fastify.services.shutdown,
  };
  const log = fastify.log.child({ domain: 'chat' }) as unknown as Logger;
  const gate = fastify.services.turnGate;

  fastify.addHook('onRequest', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/chat/message/',
    {
      schema: {
        tags: ['Chat'],
        summary: 'Send a message to a thread’s assistant and get its reply',
        description:
          'JSON by default. With `Accept: text/event-stream` the turn streams as server-sent events: `message` (the stored question), ' +
          '`token` ({text}) as the answer is written, `tool-call` and `tool-result` ({toolCallId, name, input, ok, output | error}) ' +
          'around each linked function the assistant runs, `citations`, then `done` ({reply, usage}) — or `error` ({code, detail, retryable}). ' +
          'The question is kept when the model fails. 402 when a paid model is chosen and the balance is used up. ' +
          'While the server restarts: 503 `{detail, code: "restarting"}` with Retry-After, and a turn it could not finish in ' +
          'time ends with `error` code `restarting` (retryable; the question is kept, no partial reply is stored). ' +
          'When the server is saturated: 503 `{detail, code: "busy"}` with Retry-After before anything is stored.',
        security: [{ bearerAuth: [] }],
        body: chatMessageRequestSchema,
        response: { 200: chatTurnResponseSchema },
      },
    },
    async (request, reply) => {
      const input = { ownerEmail: viewerOf(request).email, ...request.body };
      const gateKey = `owner:${input.ownerEmail}`;
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        const slot = await gate.acquire(gateKey);
        try {
          const { userMessage, reply: answer } = await runTurn(ctx, log, input);
          return { userMessage, reply: answer };
        } finally {
          slot.release();
        }
      }

      // Streamed: errors before the question is stored (404, 402) answer as usual; after it,
      // the response is an event stream and errors become its last event.
      const abort = new AbortController();
      onClientGone(reply, () => abort.abort());
      const out: { stream: EventStream | null } = { stream: null };
      let slot: TurnSlot;
      try {
        slot = await gate.acquire(gateKey, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return reply;
        throw error;
      }
      try {
        const result = await runTurn(
          ctx,
          log,
          input,
          {
            signal: abort.signal,
            onUserMessage(message) {
              out.stream = openEventStream(reply);
              out.stream.send('message', message);
            },
          },
          (event) => {
            if (event.type === 'text-delta') {
              // The first token ends the turn's costly start: the next turn in line may begin.
              slot.release();
              out.stream?.send('token', { text: event.text });
            } else if (event.type === 'tool-call' || event.type === 'tool-result') out.stream?.send(event.type, event.call);
            else if (event.type === 'citations') out.stream?.send('citations', event.citations);
          },
        );
        out.stream?.send('done', { reply: result.reply, usage: result.answer.usage });
      } catch (error) {
        if (!out.stream) throw error;
        if (!(error instanceof AppError)) log.error({ err: error }, 'chat turn failed');
        out.stream.send(
          'error',
          error instanceof AppError
            ? {
                code: error.bodyCode ?? error.code,
                detail: error.detail,
                retryable: (error instanceof TurnFailure && error.failure.retryable) || error.status === 503,
              }
            : { code: 'failed', detail: 'Something went wrong while answering. Try again.', retryable: true },
        );
      } finally {
        slot.release();
      }
      out.stream?.end();
      return reply;
    },
  );
}
