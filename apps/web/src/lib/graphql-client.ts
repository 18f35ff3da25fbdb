import { print } from '@0no-co/graphql.web';
import { type Client, createClient } from 'graphql-ws';
import type { TadaDocumentNode } from '@/graphql/graphql';
import { i18n } from '@/i18n/i18n';

/** Spec §9 "Realtime": acknowledgement wait, reconnect after 5 s then every 60 s. */
const CONNECTION_ACK_TIMEOUT_MS = 15_000;
const FIRST_RECONNECT_DELAY_MS = 5_000;
const LATER_RECONNECT_DELAY_MS = 60_000;
const KEEP_ALIVE_PING_MS = 60_000;

export interface GraphQLErrorShape {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
}

/** A GraphQL answer with errors; `data` holds whatever partial data came back with them (spec §7). */
export class GraphQLRequestError<T = unknown> extends Error {
  readonly errors: GraphQLErrorShape[];
  readonly data: T | null;

  constructor(errors: GraphQLErrorShape[], data: T | null) {
    super(errors.map((error) => error.message).join('; ') || i18n.t('common:errors.dataRequestFailed'));
    this.name = 'GraphQLRequestError';
    this.errors = errors;
    this.data = data;
  }
}

const PERMISSION_CODES = new Set(['FORBIDDEN', 'UNAUTHENTICATED', 'UNAUTHORIZED']);

/** Spec §8 "Data client": permission-denied errors read "Unauthorized" (in the interface's language). */
export function normaliseErrors(errors: readonly GraphQLErrorShape[]): GraphQLErrorShape[] {
  return errors.map((error) =>
    PERMISSION_CODES.has(String(error.extensions?.code ?? '')) ? { ...error, message: i18n.t('common:errors.unauthorized') } : error,
  );
}

/**
 * A field the schema leaves nullable that the caller cannot do without (a connection, a mutation's
 * answer): an empty one is a failed request, as reading it always was.
 */
export function required<T>(value: T | null | undefined, field: string): T {
  if (value == null) throw new GraphQLRequestError([{ message: i18n.t('common:errors.cameBackEmpty', { field }) }], null);
  return value;
}

export interface SubscriptionSink<T> {
  next(data: T): void;
  error(error: Error): void;
}

/** An operation's variables: optional when it has none (or only optional ones), required otherwise. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends V` is how a type asks whether every field of V is optional.
export type VariablesArg<V> = {} extends V ? [variables?: V] : [variables: V];

/** Calls take typed documents (`graphql(…)` of @/graphql/graphql): the answer's type is the operation's result. */
export interface DataClient {
  readonly token: string;
  request<R, V>(document: TadaDocumentNode<R, V>, ...variables: VariablesArg<V>): Promise<R>;
  subscribe<R, V>(document: TadaDocumentNode<R, V>, variables: V | undefined, sink: SubscriptionSink<R>): () => void;
  dispose(): void;
}

/** Any typed document, whatever its result and variables. */
type Operation = TadaDocumentNode<unknown, never>;

const printed = new WeakMap<object, string>();

/** The text of an operation as sent to the server (printed once per document). */
export function operationText(document: Operation): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

export interface DataClientOptions {
  /** The access token the client is built with (spec §4: rebuilt whenever it changes). */
  token: string;
  /** Returns a token that is still valid, refreshing first when needed. */
  getToken?: () => Promise<string | null>;
  httpUrl?: string;
  wsUrl?: string;
  fetchImpl?: typeof fetch;
  /**
   * Called each time the realtime socket is connected, before the subscriptions waiting for it are
   * sent; `again` when it had been lost (a deploy, the network, or the server catching up after its
   * event broker was away). Events sent while it was not up never arrive: lists read before must be
   * read again.
   */
  onConnected?: (again: boolean) => void;
}

const defaultWsUrl = () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/graphql`;

/** The data client of spec §7: queries and mutations over HTTP POST, subscriptions over graphql-ws. */
export function createDataClient(options: DataClientOptions): DataClient {
  const httpUrl = options.httpUrl ?? '/graphql';
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let ws: Client | null = null;

  const socket = () => {
    ws ??= createClient({
      url: options.wsUrl ?? defaultWsUrl(),
      // Asked at every connection, not once: the socket reconnects after a deploy (the server says
      // "going away", 1001) minutes or hours after it was built, when that token has long expired
      // (they last minutes) and the server would refuse it at every retry.
      connectionParams: async () => ({ Authorization: `Bearer ${(await options.getToken?.()) ?? options.token}` }),
      lazy: true,
      connectionAckWaitTimeout: CONNECTION_ACK_TIMEOUT_MS,
      keepAlive: KEEP_ALIVE_PING_MS,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: async (retries) => {
        await new Promise((resolve) => setTimeout(resolve, retries === 0 ? FIRST_RECONNECT_DELAY_MS : LATER_RECONNECT_DELAY_MS));
      },
      on: {
        connected: (_socket, _payload, wasRetry) => options.onConnected?.(wasRetry),
      },
    });
    return ws;
  };

  return {
    token: options.token,
    async request<R>(document: Operation, variables?: unknown): Promise<R> {
      const query = operationText(document);
      const token = options.getToken ? await options.getToken() : options.token;
      if (!token) throw new GraphQLRequestError([{ message: i18n.t('common:errors.noAuthToken') }], null);
      const response = await fetchImpl(httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      let body: { data?: R | null; errors?: GraphQLErrorShape[] };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new GraphQLRequestError([{ message: i18n.t('common:errors.requestFailed', { status: response.status }) }], null);
      }
      if (body.errors?.length) throw new GraphQLRequestError(normaliseErrors(body.errors), body.data ?? null);
      if (!response.ok || body.data == null) {
        throw new GraphQLRequestError([{ message: i18n.t('common:errors.requestFailed', { status: response.status }) }], null);
      }
      return body.data;
    },
    subscribe<R>(document: Operation, variables: unknown, sink: SubscriptionSink<R>) {
      return socket().subscribe<R>(
        { query: operationText(document), variables: variables as Record<string, unknown> | undefined },
        {
          next: (result) => {
            if (result.errors?.length) sink.error(new GraphQLRequestError(normaliseErrors(result.errors), result.data ?? null));
            else if (result.data) sink.next(result.data as R);
          },
          error: (error) => sink.error(error instanceof Error ? error : new Error(describeSocketError(error))),
          complete: () => {},
        },
      );
    },
    dispose() {
      void ws?.dispose();
      ws = null;
    },
  };
}

function describeSocketError(error: unknown): string {
  if (Array.isArray(error))
    return normaliseErrors(error as GraphQLErrorShape[])
      .map((e) => e.message)
      .join('; ');
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string' && error.reason) return error.reason;
  return i18n.t('common:errors.realtimeFailed');
}
