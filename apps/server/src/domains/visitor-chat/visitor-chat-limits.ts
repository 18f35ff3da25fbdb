import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

interface PublicBody {
  token?: string;
  visitorToken?: string;
}

/** Keys never hold a token itself: rate-limit counters may live in Redis. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The visitor: their visitor token, or their address before they have one (a first message). */
const visitorKey = (bucket: string) => (request: FastifyRequest) => {
  const { visitorToken } = (request.body ?? {}) as PublicBody;
  return `shared-chat:${bucket}:${visitorToken ? `v:${digest(visitorToken)}` : `ip:${request.ip}`}`;
};

/** Visitors one address may stand for (each with the per-visitor limit) before it is throttled. */
export const ADDRESS_SHARE = 3;

const shareKey = (request: FastifyRequest) => `shared-chat:share:${digest(String(((request.body ?? {}) as PublicBody).token ?? ''))}`;

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw new AppError('RATE_LIMITED', `Request was throttled. Expected available in ${result.ttlInSeconds} seconds.`, {
    bodyCode: 'throttled',
  });
}

/**
 * Rate limits of the public chat calls (the rate-limit plugin registered in app.ts, with its Redis
 * store when scaled out, so limits hold across instances). Messages cost the owner money: they are
 * limited per address, per visitor and per share link. The other calls (opening the link, loading the thread,
 * the live stream) have their own, wider per-visitor bucket. Checked after the body is parsed,
 * since the tokens are in it.
 */
export function sharedChatLimits(fastify: FastifyInstance, env: Env) {
  const minute = 60_000;
  const perVisitor = fastify.createRateLimit({
    max: env.SHARED_CHAT_VISITOR_RATE_LIMIT,
    timeWindow: minute,
    keyGenerator: visitorKey('send'),
  });
  // Rotating made-up visitor tokens would give each message a fresh visitor bucket: every address
  // also has one, wide enough for a household or an office behind one address.
  const perAddress = fastify.createRateLimit({
    max: env.SHARED_CHAT_VISITOR_RATE_LIMIT * ADDRESS_SHARE,
    timeWindow: minute,
    keyGenerator: (request) => `shared-chat:address:${request.ip}`,
  });
  const perShare = fastify.createRateLimit({ max: env.SHARED_CHAT_TOKEN_RATE_LIMIT, timeWindow: minute, keyGenerator: shareKey });
  const reads = fastify.createRateLimit({ max: env.SHARED_CHAT_READ_RATE_LIMIT, timeWindow: minute, keyGenerator: visitorKey('read') });
  return {
    /** Before a message is read: per address and per visitor. */
    messages: async (request: FastifyRequest, reply: FastifyReply) => {
      await enforce(perAddress, request, reply);
      await enforce(perVisitor, request, reply);
    },
    /**
     * The link's budget, spent only once the message is known to be a real visitor's (their token
     * matched their thread, or it is a first message): forged tokens cannot use it up for everyone.
     */
    shareBudget: (request: FastifyRequest, reply: FastifyReply) => enforce(perShare, request, reply),
    reads: (request: FastifyRequest, reply: FastifyReply) => enforce(reads, request, reply),
  };
}
