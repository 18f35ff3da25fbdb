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

/** New threads one address may start, in visitors' worth (each with the per-visitor limit), before it is throttled. */
export const ADDRESS_SHARE = 3;

/** Addresses remembered as throttled for made-up visitor tokens (per process). */
const BLOCKED_ADDRESSES_KEPT = 10_000;

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
  // New threads, and follow-ups with made-up visitor tokens (each would get a fresh visitor bucket),
  // also count per address: wide enough for a household or an office behind one address.
  const perAddress = fastify.createRateLimit({
    max: env.SHARED_CHAT_VISITOR_RATE_LIMIT * ADDRESS_SHARE,
    timeWindow: minute,
    keyGenerator: (request) => `shared-chat:address:${request.ip}`,
  });
  const perShare = fastify.createRateLimit({ max: env.SHARED_CHAT_TOKEN_RATE_LIMIT, timeWindow: minute, keyGenerator: shareKey });
  const reads = fastify.createRateLimit({ max: env.SHARED_CHAT_READ_RATE_LIMIT, timeWindow: minute, keyGenerator: visitorKey('read') });
  // Addresses that sent too many follow-ups with tokens matching no thread: refused before the
  // lookup until their minute is over. Bounded, oldest first out (each instance learns on its own).
  const blockedAddresses = new Map<string, number>();
  const blockAddress = (ip: string, seconds: number) => {
    blockedAddresses.delete(ip);
    blockedAddresses.set(ip, Date.now() + seconds * 1000);
    if (blockedAddresses.size > BLOCKED_ADDRESSES_KEPT) blockedAddresses.delete(blockedAddresses.keys().next().value as string);
  };
  const blockedFor = (ip: string) => {
    const until = blockedAddresses.get(ip);
    if (until === undefined) return 0;
    if (until <= Date.now()) {
      blockedAddresses.delete(ip);
      return 0;
    }
    return Math.ceil((until - Date.now()) / 1000);
  };
  return {
    /**
     * Before a message is read: per address for a message that starts a thread (the visitor has no
     * token yet), per visitor token for the others.
     * Follow-ups of real visitors never count per address, so many visitors behind one proxy
     * (TRUST_PROXY off, or an office) keep chatting; made-up tokens do count (`followUpMissed`).
     */
    messages: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!((request.body ?? {}) as { sharedThreadId?: string }).sharedThreadId) return enforce(perAddress, request, reply);
      const wait = blockedFor(request.ip);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw new AppError('RATE_LIMITED', `Request was throttled. Expected available in ${wait} seconds.`, { bodyCode: 'throttled' });
      }
      await enforce(perVisitor, request, reply);
    },
    /** A follow-up whose visitor token matched no thread: counted per address, throttled (429) past its share. */
    followUpMissed: async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await enforce(perAddress, request, reply);
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED')
          blockAddress(request.ip, Number(reply.getHeader('retry-after')) || 60);
        throw error;
      }
    },
    /**
     * The link's budget, spent only once the message is known to be a real visitor's (their token
     * matched their thread, or it is a first message): forged tokens cannot use it up for everyone.
     */
    shareBudget: (request: FastifyRequest, reply: FastifyReply) => enforce(perShare, request, reply),
    reads: (request: FastifyRequest, reply: FastifyReply) => enforce(reads, request, reply),
  };
}
