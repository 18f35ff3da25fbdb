import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/graphql/graphql';
import { createDataClient, operationText } from './graphql-client';

/** A WebSocket the test plays the server of: it sees what the client sends and answers by hand. */
class ServerSide {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: ServerSide[] = [];

  readyState = ServerSide.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    ServerSide.sockets.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000, reason = '') {
    this.closeWith(code, reason);
  }

  accept() {
    this.readyState = ServerSide.OPEN;
    this.onopen?.();
  }
  acknowledge() {
    this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) });
  }
  closeWith(code: number, reason: string) {
    if (this.readyState === ServerSide.CLOSED) return;
    this.readyState = ServerSide.CLOSED;
    this.onclose?.({ code, reason, wasClean: true });
  }
}

const SUBSCRIPTION_DOCUMENT = graphql('subscription { onCreateStore { name } }');
const SUBSCRIPTION = operationText(SUBSCRIPTION_DOCUMENT);

describe('the data client’s socket across a deploy', () => {
  beforeEach(() => {
    ServerSide.sockets = [];
    vi.stubGlobal('WebSocket', ServerSide);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reconnects after the server goes away, with a token that is still valid, and subscribes again', async () => {
    let current = 'token-at-sign-in';
    const client = createDataClient({ token: current, getToken: async () => current, wsUrl: 'ws://aisle.test/graphql' });
    const sink = { next: vi.fn(), error: vi.fn() };
    client.subscribe(SUBSCRIPTION_DOCUMENT, undefined, sink);

    await vi.advanceTimersByTimeAsync(0);
    const first = ServerSide.sockets[0] as ServerSide;
    first.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.sent[0]).toEqual({ type: 'connection_init', payload: { Authorization: 'Bearer token-at-sign-in' } });
    first.acknowledge();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.sent[1]).toMatchObject({ type: 'subscribe', payload: { query: SUBSCRIPTION } });

    // Much later the access token has been replaced, and the server is redeployed: "going away".
    current = 'token-after-refresh';
    first.closeWith(1001, 'Server restarting');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(ServerSide.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    const second = ServerSide.sockets[1] as ServerSide;
    expect(second).toBeDefined();
    second.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.sent[0]).toEqual({ type: 'connection_init', payload: { Authorization: 'Bearer token-after-refresh' } });
    second.acknowledge();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.sent[1]).toMatchObject({ type: 'subscribe', payload: { query: SUBSCRIPTION } });
    expect(sink.error).not.toHaveBeenCalled();
    client.dispose();
  });

  it('tells the app each time the socket connects, before its subscriptions go out, and whether it came back after a loss', async () => {
    const messagesAtConnection: number[] = [];
    const onConnected = vi.fn((_again: boolean) => {
      messagesAtConnection.push((ServerSide.sockets.at(-1) as ServerSide).sent.length);
    });
    const client = createDataClient({ token: 't', getToken: async () => 't', wsUrl: 'ws://aisle.test/graphql', onConnected });
    client.subscribe(SUBSCRIPTION_DOCUMENT, undefined, { next: vi.fn(), error: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    const first = ServerSide.sockets[0] as ServerSide;
    first.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnected).not.toHaveBeenCalled();
    first.acknowledge();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnected.mock.calls).toEqual([[false]]);
    // Only connection_init had gone out: the app's reads again come after the subscription.
    expect(messagesAtConnection).toEqual([1]);
    expect(first.sent[1]).toMatchObject({ type: 'subscribe', payload: { query: SUBSCRIPTION } });

    // The server's event broker was away: it closes the socket so that the client catches up.
    first.closeWith(1012, 'Live updates resumed');
    await vi.advanceTimersByTimeAsync(5_000);
    const second = ServerSide.sockets[1] as ServerSide;
    second.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnected).toHaveBeenCalledTimes(1);
    second.acknowledge();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnected.mock.calls).toEqual([[false], [true]]);
    client.dispose();
  });
});
