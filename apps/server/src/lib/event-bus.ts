import { createRequire } from 'node:module';
import { createPubSub } from 'graphql-yoga';
import type { Logger } from 'pino';

export type ModelEventKind = 'create' | 'update' | 'delete';

/**
 * A change to a model row, published by the domain layer after the database commit. `item` is the
 * row in its API shape (JSON-safe, ISO dates) so it crosses Redis unchanged.
 */
export interface ModelEvent {
  model: string;
  kind: ModelEventKind;
  ownerEmail: string | null;
  item: Record<string, unknown>;
}

export interface EventBus {
  publish(event: ModelEvent): void;
  /** Every event of one model, from this process and (with Redis) from every other instance. */
  subscribe(model: string): AsyncIterableIterator<ModelEvent>;
  close(): Promise<void>;
}

type Topics = Record<string, [ModelEvent]>;

/** In-process by default; Redis pub/sub (GraphQL Yoga's Redis event target) when REDIS_URL is set. */
export function createEventBus(options: { redisUrl?: string; logger?: Pick<Logger, 'error'>; channelPrefix?: string } = {}): EventBus {
  const prefix = options.channelPrefix ?? 'aisle';
  const topic = (model: string) => `${prefix}:model:${model}`;
  if (!options.redisUrl) {
    const pubSub = createPubSub<Topics>();
    return {
      publish: (event) => pubSub.publish(topic(event.model), event),
      subscribe: (model) => pubSub.subscribe(topic(model)) as AsyncIterableIterator<ModelEvent>,
      close: async () => undefined,
    };
  }
  // Loaded only when configured: the embedded default never pays for the Redis client.
  const require = createRequire(import.meta.url);
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const { createRedisEventTarget } = require('@graphql-yoga/redis-event-target') as typeof import('@graphql-yoga/redis-event-target');
  const publishClient = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(options.redisUrl, { lazyConnect: false });
  for (const client of [publishClient, subscribeClient]) {
    client.on('error', (err) => options.logger?.error({ err }, 'redis connection error'));
  }
  const pubSub = createPubSub<Topics>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
  return {
    publish: (event) => pubSub.publish(topic(event.model), event),
    subscribe: (model) => pubSub.subscribe(topic(model)) as AsyncIterableIterator<ModelEvent>,
    close: async () => {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
