import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { users } from '../db/schema/users';
import type { TestApp } from './test-app';

export interface TestViewer {
  email: string;
  access: string;
  isStaff: boolean;
}

/**
 * An access token as the token endpoint would issue it, for the user of this e-mail (made when
 * there is none yet: a token is only honoured while its user exists).
 */
export async function viewerToken(t: TestApp, email: string, isStaff = false): Promise<TestViewer> {
  const { db, tokens } = t.services;
  await db.insert(users).values({ email, passwordHash: '!', emailVerified: true }).onConflictDoNothing();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await tokens.sign('access', { userId: user.id, email, isStaff, tokenVersion: user.tokenVersion });
  return { email, access: token, isStaff };
}

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** POSTs one operation to /graphql, as the web app does. */
/**
 * GraphQL data as tests read it: by path, with each assertion checking the shape it needs.
 */
// biome-ignore lint/suspicious/noExplicitAny: responses are read by path in tests, then asserted.
export type GqlData = Record<string, any>;

export async function gql<T = GqlData>(
  t: TestApp,
  viewer: TestViewer | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlResult<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(viewer ? { authorization: `Bearer ${viewer.access}` } : {}) },
    payload: { query, variables },
  });
  return res.json() as GqlResult<T>;
}

/** A graphql-ws client connected to a listening app. */
export function wsClient(port: number, viewer: TestViewer | null, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  return createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: viewer ? { Authorization: `Bearer ${viewer.access}` } : {},
    retryAttempts: 0,
    lazy: true,
    ...extra,
  });
}

export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/**
 * Subscribes and collects payloads; `next(n)` resolves once n events arrived. `ready` resolves
 * once the server has acknowledged the connection and a short settle time passed.
 */
export function collect<T = GqlData>(client: Client, query: string, variables?: Record<string, unknown>) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let waiters: { n: number; resolve: () => void }[] = [];
  const flush = () => {
    waiters = waiters.filter((w) => {
      if (events.length >= w.n) w.resolve();
      return events.length < w.n;
    });
  };
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) events.push(value.data as T);
        flush();
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    events,
    errors,
    dispose,
    next(n: number, timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${n} events (got ${events.length}; errors ${JSON.stringify(errors)})`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        flush();
      });
    },
  };
}

/**
 * Waits until the server has registered the subscription (a round trip after subscribe, then the
 * resolver's owner check): 400 ms leaves room for a busy machine running two suites at once.
 */
export const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
