import { vi } from 'vitest';
import type { TadaDocumentNode } from '@/graphql/graphql';
import type { DataClient, SubscriptionSink } from '@/lib/graphql-client';
import { GraphQLRequestError, operationText } from '@/lib/graphql-client';

type Handler = (variables: Record<string, unknown>) => unknown;

/**
 * A data client double for component tests: queries and mutations are answered by the handler
 * named after the operation's first field (`listSharedAssistants`, `sendManualReply`, …); a
 * handler that throws becomes a GraphQL error. `emit` pushes a subscription event, named by its
 * field (`onCreateSharedMessage`), to whoever subscribed. `request` records each call with the
 * operation's text, as it goes to the server, and its variables.
 */
export function fakeDataClient(handlers: Record<string, Handler> = {}) {
  const sinks = new Map<string, Set<SubscriptionSink<unknown>>>();
  const field = (query: string) => /\{\s*(\w+)/.exec(query.replace(/^[^{]*/, ''))?.[1] ?? '';
  const request = vi.fn(async (query: string, variables: Record<string, unknown> = {}) => {
    const name = field(query);
    const handler = handlers[name];
    if (!handler) throw new Error(`no fake answer for ${name}`);
    try {
      return { [name]: await handler(variables) };
    } catch (error) {
      throw new GraphQLRequestError([{ message: error instanceof Error ? error.message : String(error) }], null);
    }
  });
  const client: DataClient = {
    token: 'T',
    request: ((document: TadaDocumentNode<unknown, never>, variables?: Record<string, unknown>) =>
      request(operationText(document), variables)) as DataClient['request'],
    subscribe: (<R>(document: TadaDocumentNode<unknown, never>, _variables: unknown, sink: SubscriptionSink<R>) => {
      const name = field(operationText(document));
      const set = sinks.get(name) ?? new Set();
      sinks.set(name, set);
      set.add(sink as SubscriptionSink<unknown>);
      return () => set.delete(sink as SubscriptionSink<unknown>);
    }) as DataClient['subscribe'],
    dispose: () => {},
  };
  return {
    client,
    handlers,
    request,
    /** Operation names requested so far, in order. */
    calls: () => request.mock.calls.map(([query]) => field(query)),
    emit(name: string, payload: unknown) {
      for (const sink of sinks.get(name) ?? []) sink.next({ [name]: payload });
    },
    subscribed: (name: string) => (sinks.get(name)?.size ?? 0) > 0,
  };
}
