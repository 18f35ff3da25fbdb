import { createRequire } from 'node:module';
import { createPubSub } from 'graphql-yoga';
import type { Redis } from 'ioredis';
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
  /** Never throws and never waits: while Redis is away the event is dropped (logged once per outage). */
  publish(event: ModelEvent): void;
  /** Every event of one model, from this process and (with Redis) from every other instance. */
  subscribe(model: string): AsyncIterableIterator<ModelEvent>;
  /**
   * Called when this process's subscriptions are back after Redis was away: events published in
   * between never arrived, so whoever shows live data must have it read again. Returns an unsubscriber.
   */
  onResync(listener: () => void): () => void;
  /** For /readyz: null without Redis, else whether both connections are up. */
  redisConnected(): boolean | null;
  close(): Promise<void>;
}

type Topics = Record<string, [ModelEvent]>;
type EventLogger = Pick<Logger, 'error' | 'warn' | 'info'>;

/**
 * Reconnect delays: quick at first (a Redis restart takes a second or two), then every 2 s, for as
 * long as it takes. ioredis's default gives up on nothing either; it is spelled out here so that the
 * "never give up" is a decision, not a default.
 */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2_000);

/** In-process by default; Redis pub/sub (GraphQL Yoga's Redis event target) when REDIS_URL is set. */
export function createEventBus(options: { redisUrl?: string; logger?: EventLogger; channelPrefix?: string } = {}): EventBus {
  const prefix = options.channelPrefix ?? 'aisle';
  const topic = (model: string) => `${prefix}:model:${model}`;
  if (!options.redisUrl) {
    const pubSub = createPubSub<Topics>();
    return {
      publish: (event) => pubSub.publish(topic(event.model), event),
      subscribe: (model) => pubSub.subscribe(topic(model)) as AsyncIterableIterator<ModelEvent>,
      onResync: () => () => undefined,
      redisConnected: () => null,
      close: async () => undefined,
    };
  }
  return createRedisEventBus(options.redisUrl, topic, options.logger);
}

/**
 * Redis is a dependency that can blink (a restart, a failover, a network cut), and no process may
 * go down with it. Yoga's Redis event target publishes without handling the command's rejection,
 * so while Redis was away the first event a process published was an unhandled rejection that
 * killed it. Here:
 * - the publishing connection has no offline queue, so a publish while disconnected fails at once
 *   (rather than piling up in memory or waiting on retries) and is dropped with one warning per
 *   outage: live updates are a convenience over data that is safely in the database;
 * - the subscribing connection queues its SUBSCRIBE commands until Redis is back (a process that
 *   starts during an outage subscribes once it can) and ioredis re-subscribes after a reconnect;
 * - once the subscriptions are back after an outage, `onResync` listeners are told, so the live
 *   views this process serves can be read again (graphql-routes.ts closes its sockets: clients
 *   reconnect and refetch).
 */
function createRedisEventBus(redisUrl: string, topic: (model: string) => string, logger?: EventLogger): EventBus {
  // Loaded only when configured: the embedded default never pays for the Redis client.
  const require = createRequire(import.meta.url);
  const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
  const { createRedisEventTarget } = require('@graphql-yoga/redis-event-target') as typeof import('@graphql-yoga/redis-event-target');
  const publishClient = new RedisClient(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
  });
  const subscribeClient = new RedisClient(redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
  const resyncListeners = new Set<() => void>();
  let closing = false;
  let droppedSinceOutage = 0;
  // Each connection's error is logged once per outage: ioredis reports every failed reconnect.
  for (const [name, client] of [
    ['publish', publishClient],
    ['subscribe', subscribeClient],
  ] as const) {
    let reported = false;
    client.on('error', (err) => {
      if (reported || closing) return;
      reported = true;
      logger?.error({ err, connection: name }, 'redis connection lost; reconnecting');
    });
    client.on('ready', () => {
      if (!reported) return;
      reported = false;
      logger?.info({ connection: name }, 'redis connection back');
    });
  }
  let wasReady = false;
  subscribeClient.on('ready', () => {
    // The first 'ready' is the start; any later one follows an outage (ioredis has re-subscribed).
    if (wasReady && !closing) for (const listener of resyncListeners) listener();
    wasReady = true;
  });

  const publish = (channel: string, message: string) => {
    const dropped = () => {
      if (droppedSinceOutage++ === 0) logger?.warn({ channel }, 'redis is unavailable: live events are dropped until it is back');
    };
    if (publishClient.status !== 'ready') return dropped();
    publishClient.publish(channel, message).then(() => {
      droppedSinceOutage = 0;
    }, dropped);
  };
  // Yoga's target calls these without handling a rejection: stand-ins that cannot reject. A
  // (un)subscribe only fails when the connection is closed for good (at shutdown).
  const safePublisher = { publish } as unknown as Redis;
  const ignoreClosed = (err: unknown) => logger?.warn({ err }, 'redis subscription change not sent');
  const safeSubscriber = {
    on: (event: string, listener: (...args: unknown[]) => void) => subscribeClient.on(event, listener),
    subscribe: (channel: string) => subscribeClient.subscribe(channel).catch(ignoreClosed),
    unsubscribe: (channel: string) => subscribeClient.unsubscribe(channel).catch(ignoreClosed),
  } as unknown as Redis;
  const pubSub = createPubSub<Topics>({
    eventTarget: createRedisEventTarget({ publishClient: safePublisher, subscribeClient: safeSubscriber }),
  });
  return {
    publish: (event) => pubSub.publish(topic(event.model), event),
    subscribe: (model) => pubSub.subscribe(topic(model)) as AsyncIterableIterator<ModelEvent>,
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    redisConnected: () => publishClient.status === 'ready' && subscribeClient.status === 'ready',
    close: async () => {
      closing = true;
      // quit() waits for a reply that never comes while Redis is away; disconnect() does not.
      await Promise.allSettled(
        [publishClient, subscribeClient].map((client) => (client.status === 'ready' ? client.quit() : client.disconnect())),
      );
    },
  };
}
