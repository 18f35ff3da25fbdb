import { decodeSharedTokenSchema, publicAssistantSchema } from '@aisle/contracts/sharing';
import {
  AUTO_REPLY_PAUSED_TEXT,
  type PublicMessage,
  SHARED_MESSAGE_MAX_LENGTH,
  type SharedChatMessageRequest,
  sharedChatErrorSchema,
  sharedChatMessageResponseSchema,
  sharedChatMessageSchema,
  VISITOR_KEEPALIVE_MS,
  type VisitorThread,
  visitorThreadHistorySchema,
  visitorThreadRequestSchema,
} from '@aisle/contracts/visitor-chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { type EventStream, onClientGone, openEventStream } from '../../lib/sse';
import { detectLanguage } from '../ai';
import { visitorThread } from '../shared-threads';
import { loadOpenShare, toPublicAssistant } from '../sharing';
import { runTurn, turnErrorOf } from '../turns';
import { registerCartAddedRoute } from './cart-added-route';
import { toPublicMessage, toVisitorThread } from './public-message';
import type { VisitorChatContext } from './visitor-chat-context';
import { sharedChatLimits } from './visitor-chat-limits';
import type { VisitorFeed } from './visitor-feed';
import { getVisitorHistory, loadVisitorThread } from './visitor-thread';

/**
 * A visitor's body is one message and two tokens: a few kilobytes at most (4000 characters, each up
 * to 4 bytes in UTF-8 or 6 as a JSON escape). Anything bigger is refused before it is parsed (413).
 */
const PUBLIC_BODY_LIMIT = 6 * SHARED_MESSAGE_MAX_LENGTH + 2_048;

const tags = ['Shared chat'];
const shareErrors =
  '404 `{detail, code: "not_found"}` for a token that names no link (forged or deleted), 410 `{detail, code: "inactive" | "expired"}`; ' +
  '429 `{detail}` with Retry-After when the visitor or the link sends too much.';

export interface SharedChatRoutesOptions {
  ctx: VisitorChatContext;
  feed: VisitorFeed;
}

/** What the visitor sees once their message is stored: their thread and the message. */
interface Shown {
  thread: VisitorThread;
  userMessage: PublicMessage;
}

/** Turns of one share link queue together: the gate takes links in turn, so one busy link cannot starve the rest. */
const gateKey = (shareToken: string) => `share:${shareToken}`;

/**
 * The public chat (spec §7 Shared chat): no sign-in, reached only by a share link's token. Every
 * call re-checks the link; messages are plain text (stored and returned as sent, never rendered
 * here). CORS stays the app's own: the visitor page and the widget's iframe are served from our
 * origin.
 */
export async function sharedChatRoutes(fastify: FastifyInstance, options: SharedChatRoutesOptions) {
  const { ctx, feed } = options;
  const limits = sharedChatLimits(fastify, ctx.env);
  /** A follow-up refused as "Conversation not found." counts against its address (made-up tokens). */
  const countMiss = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if ((request.body as SharedChatMessageRequest).sharedThreadId && error instanceof AppError && error.status === 404)
      await limits.followUpMissed(request, reply);
  };
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /**
   * A visitor's turn through the turns engine, in the public chat's terms: the stored message as the
   * visitor sees it (with their thread and token), the answer's text, the reply (null while a person
   * answers). The link's message budget counts only real visitors' messages, once the thread is known.
   */
  async function visitorTurn(
    request: FastifyRequest,
    reply: FastifyReply,
    observer: { streaming?: boolean; signal?: AbortSignal; onStored(shown: Shown): void; onText?(text: string): void },
  ): Promise<Shown & { reply: PublicMessage | null }> {
    const body = request.body as SharedChatMessageRequest;
    const store = visitorThread(ctx, body);
    let shown: Shown | undefined;
    const result = await runTurn(
      ctx,
      ctx.logger,
      {
        key: gateKey(body.token),
        // A follow-up does not say where it is asked from: it counts as the page's (web).
        origin: body.origin === 'widget' ? 'widget' : 'web',
        streaming: observer.streaming,
        signal: observer.signal,
        admit: () => limits.shareBudget(request, reply),
      },
      store,
      (event) => {
        if (event.type === 'question') {
          shown = {
            thread: toVisitorThread(event.question.thread, store.loaded()?.visitorToken as string),
            userMessage: toPublicMessage(event.question.message),
          };
          observer.onStored(shown);
        } else if (event.type === 'text-delta') observer.onText?.(event.text);
      },
    );
    if (!result || !shown) throw new Error('a visitor’s turn ended without their message');
    // No reply when the shop paused the thread (before or while the model was writing): a person answers.
    const answered = result.reply && toPublicMessage(result.reply);
    return { ...shown, thread: { ...shown.thread, autoReplyPaused: !answered }, reply: answered };
  }

  app.post(
    '/shared-chat/decode-shared-token/',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: limits.reads,
      schema: {
        tags,
        summary: 'Open a share link: the assistant’s public face (name, avatars, colours, suggested questions)',
        description: shareErrors,
        body: decodeSharedTokenSchema,
        response: { 200: publicAssistantSchema },
      },
    },
    async (request) => {
      const { share, assistant } = await loadOpenShare(ctx.db, request.body.token);
      return toPublicAssistant(share, assistant);
    },
  );

  app.post(
    '/shared-chat/message/',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: limits.messages,
      schema: {
        tags,
        summary: 'Send a visitor’s message and get the assistant’s reply',
        description:
          'The first message (no `sharedThreadId`) starts a thread and answers its `visitorToken`, which alone reaches the thread ' +
          'afterwards. `reply` is null while the shop has paused auto-reply (a person answers; the reply arrives on `events/`). ' +
          `${shareErrors} A wrong visitor token, or another link's thread: 404 "Conversation not found.". ` +
          'Failing after the message was stored (402 `unavailable` when the assistant cannot answer now, 502 when the AI provider ' +
          'fails, 503 `restarting` with Retry-After when the server shut down before the answer was done), the body is ' +
          '`{detail, code, retryable, thread, userMessage}`: the message is kept, in that thread. 503 `{detail, code}` with ' +
          'Retry-After when the server is restarting and takes no new message, or `{detail, code: "busy"}` with Retry-After when it is ' +
          'saturated and could not start the answer soon (nothing is stored: send the message again after Retry-After).',
        body: sharedChatMessageSchema,
        // No 503 schema: a restarting server refuses with `{detail, code}` before any thread exists.
        response: { 200: sharedChatMessageResponseSchema, 402: sharedChatErrorSchema, 502: sharedChatErrorSchema },
      },
    },
    async (request, reply) => {
      let stored: { thread: VisitorThread; userMessage: PublicMessage } | undefined;
      try {
        const result = await visitorTurn(request, reply, { onStored: (shown) => (stored = shown) });
        return { ...result.thread, userMessage: result.userMessage, reply: result.reply };
      } catch (error) {
        if (!stored) await countMiss(request, reply, error);
        if (!stored) throw error;
        const { status, retryAfterSeconds, ...failure } = turnErrorOf(error);
        if (retryAfterSeconds) reply.header('retry-after', retryAfterSeconds);
        return reply.status(status as 402).send({ ...failure, thread: stored.thread, userMessage: stored.userMessage });
      }
    },
  );

  app.post(
    '/shared-chat/stream/',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: limits.messages,
      schema: {
        tags,
        summary: 'Send a visitor’s message; the reply streams as server-sent events',
        description:
          'Events in order: `thread` ({sharedThreadId, visitorToken, anonymousEmail, autoReplyPaused}), `message` (the stored ' +
          'message), then `token` ({text})* and `done` ({reply}); or `paused` ({detail}) when a person answers instead (drop any ' +
          'tokens already shown); or `error` ({code, detail, retryable}) at any point after `thread`. Errors before the message is ' +
          `stored answer as JSON like message/. ${shareErrors}`,
        body: sharedChatMessageSchema,
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      onClientGone(reply, () => abort.abort());
      let stream: EventStream | undefined;
      try {
        const result = await visitorTurn(request, reply, {
          streaming: true,
          signal: abort.signal,
          onStored({ thread, userMessage }) {
            stream = openEventStream(reply);
            stream.send('thread', thread);
            stream.send('message', userMessage);
          },
          onText: (text) => stream?.text('token', text),
        });
        if (result.reply) stream?.send('done', { reply: result.reply });
        else stream?.send('paused', { detail: AUTO_REPLY_PAUSED_TEXT });
      } catch (error) {
        // The visitor left while waiting for a slot: no one to answer.
        if (!stream && abort.signal.aborted) return reply;
        if (!stream) await countMiss(request, reply, error);
        if (!stream) throw error;
        // The page shows this in the chat: the "can't answer right now" in the visitor's language.
        // JSON error bodies (message/, and refusals before the stream opens) stay as the API documents them.
        const language = detectLanguage(request.body.message) ?? 'en';
        const { status: _status, retryAfterSeconds: _retry, ...failure } = turnErrorOf(error, language);
        stream.send('error', failure);
      }
      stream?.end();
      return reply;
    },
  );

  app.post(
    '/shared-chat/thread/',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: limits.reads,
      schema: {
        tags,
        summary: 'A visitor’s thread and its latest messages (for a page opened again)',
        description: `Needs the thread's visitor token; otherwise 404 "Conversation not found.". ${shareErrors}`,
        body: visitorThreadRequestSchema,
        response: { 200: visitorThreadHistorySchema },
      },
    },
    async (request) => getVisitorHistory(ctx.db, request.body),
  );

  registerCartAddedRoute(fastify, { ctx, limit: limits.reads });

  app.post(
    '/shared-chat/events/',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: limits.reads,
      schema: {
        tags,
        summary: 'Live events of a visitor’s thread (server-sent events) while the page is open',
        description:
          '`message` (a PublicMessage) for every message stored in the thread after the stream opened — the shop’s manual replies, ' +
          'and the visitor’s own messages and replies from any tab (deduplicate by id) — and `thread` ({autoReplyPaused}) when the ' +
          `shop pauses or resumes auto-reply. A comment line opens the stream and repeats every ${VISITOR_KEEPALIVE_MS / 1000} s. ` +
          'The stream ends when the link is deleted, turned off or expires (reconnecting then says why), and when the server ' +
          `restarts (reconnect after a short wait; 503 with Retry-After while it is still shutting down). ${shareErrors}`,
        body: visitorThreadRequestSchema,
      },
    },
    async (request, reply) => {
      const { share, thread } = await loadVisitorThread(ctx.db, request.body);
      const stream = openEventStream(reply);
      let stopListening = () => {};
      const keepAlive = setInterval(() => {
        if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) return finish();
        stream.comment('keep-alive');
      }, VISITOR_KEEPALIVE_MS);
      // The process shutting down ends the stream at once: the page reconnects, to another instance.
      const stopWatchingShutdown = fastify.services.shutdown.onDrain(finish);
      function finish() {
        clearInterval(keepAlive);
        stopListening();
        stopWatchingShutdown();
        stream.end();
      }
      stopListening = feed.listen({
        sharedThreadId: thread.id,
        sharedAssistantId: share.id,
        autoReplyPaused: thread.autoReplyPaused,
        send: (event) => stream.send(event.event, event.data),
        end: finish,
      });
      reply.raw.on('close', finish);
      stream.comment('connected');
      return reply;
    },
  );
}
