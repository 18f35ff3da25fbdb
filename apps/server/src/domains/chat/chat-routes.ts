import { chatMessageRequestSchema, chatTurnResponseSchema } from '@aisle/contracts/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { type EventStream, onClientGone, openEventStream } from '../../lib/sse';
import { createTurnContext, runTurn, turnErrorOf } from '../turns';
import { ownerThread } from './owner-thread';

/** Chat turns (spec §7 Chat), mounted under `/api` by app.ts. */
export async function chatRoutes(fastify: FastifyInstance) {
  const ctx = createTurnContext(fastify.services);
  const log = fastify.log.child({ domain: 'chat' }) as unknown as Logger;

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
      const call = { key: `owner:${input.ownerEmail}`, origin: 'owner-chat' as const };
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        const turn = await runTurn(ctx, log, call, ownerThread(ctx, input));
        if (!turn?.reply) throw new Error('the owner’s turn ended without a reply');
        return { userMessage: turn.question, reply: turn.reply };
      }

      // Streamed: errors before the question is stored (404, 402) answer as usual; after it,
      // the response is an event stream and errors become its last event.
      const abort = new AbortController();
      onClientGone(reply, () => abort.abort());
      let stream: EventStream | undefined;
      try {
        await runTurn(ctx, log, { ...call, streaming: true, signal: abort.signal }, ownerThread(ctx, input), (event) => {
          if (event.type === 'question') {
            stream = openEventStream(reply);
            stream.send('message', event.question);
          } else if (event.type === 'text-delta') stream?.text('token', event.text);
          else if (event.type === 'tool-call' || event.type === 'tool-result') stream?.send(event.type, event.call);
          else if (event.type === 'citations') stream?.send('citations', event.citations);
          else if (event.type === 'products') stream?.send('products', event.products);
          else if (event.type === 'stored') stream?.send('done', { reply: event.reply, usage: event.answer.usage });
        });
      } catch (error) {
        // The owner left while waiting for a slot: no one to answer.
        if (!stream && abort.signal.aborted) return reply;
        if (!stream) throw error;
        const { status: _status, retryAfterSeconds: _retry, ...failure } = turnErrorOf(error);
        stream.send('error', failure);
      }
      stream?.end();
      return reply;
    },
  );
}
