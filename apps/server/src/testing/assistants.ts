import { getModel } from '../data-api/model-registry';
import { insertItemAsSystem } from '../data-api/model-store';
import type { ModelEvent } from '../lib/event-bus';
import type { TestViewer } from './graphql-client';
import { post } from './knowledge';
import type { TestApp } from './test-app';

/** Creates an assistant through the REST call, as the assistant screen does; returns its id. */
export async function createAssistant(t: TestApp, viewer: TestViewer, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await post(t, viewer, '/api/assistant/create/', { assistantName: 'Shop helper', ...fields });
  if (res.status !== 201) throw new Error(`assistant/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body?.id as string;
}

/** The rows an assistant links to, owned by `ownerEmail` (the template is public), written as jobs would. */
export async function seedLinkTargets(t: TestApp, ownerEmail: string) {
  const ctx = { db: t.services.db, events: t.services.events };
  const put = (model: string, values: Record<string, unknown>) => insertItemAsSystem(ctx, getModel(model), values);
  const fn = await put('Function', { ownerEmail, name: 'lookup_order', code: 'export default async () => 1' });
  const store = await put('Store', { ownerEmail, name: 'Catalog' });
  const template = await put('Template', { name: 'Orders and returns' });
  const customUserTemplate = await put('CustomUserTemplate', { ownerEmail, name: 'My returns flow' });
  return {
    functionId: fn.id as string,
    storeId: store.id as string,
    templateId: template.id as string,
    customUserTemplateId: customUserTemplate.id as string,
  };
}

/**
 * Records every event of the given models from the event bus (models without a GraphQL
 * subscription, such as Thread and the join records, are checked here). Call `stop` when done.
 */
export async function recordEvents(t: TestApp, models: string[]) {
  const events: ModelEvent[] = [];
  const iterators = models.map((model) => t.services.events.subscribe(model));
  for (const iterator of iterators) {
    void (async () => {
      for await (const event of iterator) events.push(event);
    })();
  }
  // With Redis, the channel subscription is made asynchronously once iteration starts.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return {
    events,
    /** Resolves once at least `n` events arrived (Redis delivers them a little later). */
    async until(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} events (got ${events.length})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** The events seen so far as "Model kind id" lines, easy to compare. */
    summary: () => events.map((event) => `${event.model} ${event.kind} ${event.item.id}`),
    async stop() {
      await Promise.all(iterators.map((iterator) => iterator.return?.()));
    },
  };
}
