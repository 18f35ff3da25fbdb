import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The rate limits' counters in Redis when REDIS_URL is set, so a limit holds across every app
 * instance instead of multiplying by their number. A Redis outage must not take sign-in or the
 * public chat down with it: commands fail fast (no offline queue) and the limiter lets the request
 * through (`skipOnError` in app.ts), logged.
 */
export async function rateLimitRedis(redisUrl: string | undefined, logger: Pick<Logger, 'error'>): Promise<Redis | undefined> {
  if (!redisUrl) return undefined;
  // Loaded only when configured: the embedded default never pays for the Redis client.
  const require = createRequire(import.meta.url);
  const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
  const client = new RedisClient(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  client.on('error', (err) => logger.error({ err }, 'rate-limit redis connection error'));
  // Counting starts once connected (up to 2 s at boot); until then requests are let through.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}
