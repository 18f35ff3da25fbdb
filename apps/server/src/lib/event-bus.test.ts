import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../testing/own-redis';
import { scaled, uniqueChannelPrefix } from '../testing/test-backend';
import { createEventBus, type EventBus, type ModelEvent } from './event-bus';

const storeEvent = (name: string): ModelEvent => ({ model: 'Store', kind: 'create', ownerEmail: 'owner@shop.test', item: { name } });

/** Reads events of one model into an array as they arrive. */
function record(bus: EventBus) {
  const names: string[] = [];
  const feed = bus.subscribe('Store');
  void (async () => {
    for await (const event of feed) names.push(String(event.item.name));
  })();
  return { names, stop: () => feed.return?.() };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The machine's redis-server is there in the scaled pass (as in CI); this Redis is the test's own.
describe.runIf(scaled)('the event bus while Redis comes and goes', () => {
  let redis: TestRedis;
  let publisher: EventBus;
  let subscriber: EventBus;
  const warnings: string[] = [];
  const logger = {
    error: () => undefined,
    info: () => undefined,
    warn: (_: unknown, message?: string) => void warnings.push(String(message)),
  };

  beforeAll(async () => {
    redis = await startRedis();
    const channelPrefix = uniqueChannelPrefix();
    publisher = createEventBus({ redisUrl: redis.url, channelPrefix, logger: logger as never });
    subscriber = createEventBus({ redisUrl: redis.url, channelPrefix, logger: logger as never });
  });
  afterAll(async () => {
    await Promise.all([publisher?.close(), subscriber?.close()]);
    await redis?.stop();
  });

  it('drops what is published during an outage without throwing, then delivers again and asks for a resync', async () => {
    const seen = record(subscriber);
    let resyncs = 0;
    subscriber.onResync(() => resyncs++);
    await until(() => subscriber.redisConnected() === true && publisher.redisConnected() === true, 'both connections');
    // Subscribing is asynchronous: publish until the first event arrives.
    await until(() => {
      publisher.publish(storeEvent('before'));
      return seen.names.includes('before');
    }, 'an event before the outage');

    await redis.stop();
    await until(() => publisher.redisConnected() === false, 'the publisher to notice the outage');
    // Publishing while Redis is away neither throws nor leaves a rejected promise behind (which
    // would end the process, and fails this test file as an unhandled rejection).
    for (let i = 0; i < 20; i++) expect(() => publisher.publish(storeEvent(`during ${i}`))).not.toThrow();
    await new Promise((r) => setTimeout(r, 300));
    expect(warnings.filter((w) => w.includes('live events are dropped'))).toHaveLength(1);

    const back = Date.now();
    await redis.start();
    await until(() => resyncs === 1, 'the subscriber to resync');
    await until(() => {
      publisher.publish(storeEvent('after'));
      return seen.names.includes('after');
    }, 'an event after the outage');
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(seen.names.some((name) => name.startsWith('during'))).toBe(false);
    await seen.stop();
  });

  it('starts while Redis is down and subscribes once it is up', async () => {
    await redis.stop();
    const channelPrefix = uniqueChannelPrefix();
    const late = createEventBus({ redisUrl: redis.url, channelPrefix, logger: logger as never });
    const other = createEventBus({ redisUrl: redis.url, channelPrefix, logger: logger as never });
    try {
      const seen = record(late);
      late.publish(storeEvent('nobody hears this'));
      expect(late.redisConnected()).toBe(false);
      await redis.start();
      await until(() => {
        other.publish(storeEvent('hello'));
        return seen.names.includes('hello');
      }, 'an event once Redis is up');
      await seen.stop();
    } finally {
      await Promise.all([late.close(), other.close()]);
    }
  });
});
