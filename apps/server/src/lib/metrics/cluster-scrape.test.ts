import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { sampleValue } from '../../testing/metrics-text';
import { clusterScraper } from './cluster-scrape';

/** A web process as the primary sees it: it answers prom-client's request with its registry, or stays silent while it starts. */
function webProcess(cluster: EventEmitter, id: number, requests: number | 'starting' | 'broken') {
  const registry = new Registry();
  const counter = new Counter({ name: 'aisle_http_requests_total', help: 'Requests.', labelNames: ['route'], registers: [registry] });
  if (typeof requests === 'number') counter.inc({ route: 'unmatched' }, requests);
  const asked: unknown[] = [];
  const worker = {
    id,
    process: { pid: 4000 + id },
    isConnected: () => true,
    send(message: { type: string; requestId: number }) {
      asked.push(message);
      if (requests === 'starting') return true;
      const reply =
        requests === 'broken'
          ? Promise.resolve({ type: 'prom-client:getMetricsRes', requestId: message.requestId, error: 'collect failed' })
          : registry
              .getMetricsAsJSON()
              .then((metrics) => ({ type: 'prom-client:getMetricsRes', requestId: message.requestId, metrics: [metrics] }));
      void reply.then((response) => cluster.emit('message', worker, response));
      return true;
    },
  };
  return { worker: worker as unknown as Worker, asked };
}

describe('one scrape for the web processes', () => {
  it('sums the processes that serve requests and does not wait for one still starting', async () => {
    const cluster = new EventEmitter();
    const first = webProcess(cluster, 1, 4);
    const second = webProcess(cluster, 2, 3);
    const starting = webProcess(cluster, 3, 'starting');
    const scrape = clusterScraper(cluster, () => [first.worker, second.worker]);

    const text = await scrape();
    expect(sampleValue(text, 'aisle_http_requests_total', { route: 'unmatched' })).toBe(7);
    expect(starting.asked).toEqual([]);
    // A second scrape is a request of its own.
    expect(sampleValue(await scrape(), 'aisle_http_requests_total', { route: 'unmatched' })).toBe(7);
    expect(first.asked).toHaveLength(2);
  });

  it('fails, naming the process, when a serving process does not answer or cannot read its metrics', async () => {
    const cluster = new EventEmitter();
    const answering = webProcess(cluster, 1, 2);
    const silent = webProcess(cluster, 2, 'starting');
    await expect(clusterScraper(cluster, () => [answering.worker, silent.worker], 20)()).rejects.toThrow(
      'web processes 4002 did not send their metrics within 20 ms',
    );
    const broken = webProcess(cluster, 3, 'broken');
    await expect(clusterScraper(cluster, () => [answering.worker, broken.worker])()).rejects.toThrow(
      'web process 4003 could not read its metrics: collect failed',
    );
  });

  it('answers an empty scrape before any process listens', async () => {
    expect(await clusterScraper(new EventEmitter(), () => [])()).toBe('');
  });
});
