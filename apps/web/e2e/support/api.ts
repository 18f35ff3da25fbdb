import type { LoginResponse } from '@aisle/contracts/accounts';
import type { AppServer } from './app-server';

/**
 * REST calls for setting up browser tests (accounts made without clicking through the UI). Each
 * throws with the response body when the call does not succeed.
 */

async function call(server: AppServer, method: string, url: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectStatus(res: Response, status: number, what: string): Promise<Response> {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${await res.text()}`);
  return res;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Signs up through `POST /api/users/create/`, reads the verification link from the server log
 * (no SMTP: each e-mail is a log line) and follows it through the API. Returns the link as mailed
 * (`<server.url>/users/verify-email?key=…`), already used.
 */
export async function signUpAndVerify(server: AppServer, email: string, password: string): Promise<string> {
  const link = await signUp(server, email, password);
  const key = new URL(link).searchParams.get('key');
  await expectStatus(await call(server, 'GET', `/api/accounts/confirm-email/${key}/`), 200, 'confirm e-mail');
  return link;
}

/**
 * Signs up without verifying; returns the verification link from the log (for tests that open it
 * in the browser).
 */
export async function signUp(server: AppServer, email: string, password: string): Promise<string> {
  const since = server.output.length;
  await expectStatus(await call(server, 'POST', '/api/users/create/', { email, password }), 201, 'sign up');
  return verificationLink(server, email, { since });
}

/** The verification link of the first sign-up e-mail to `email` logged from line `since` on. */
export async function verificationLink(server: AppServer, email: string, { since = 0 } = {}): Promise<string> {
  const pattern = new RegExp(
    `E-mail to ${escapeRegExp(email.trim().toLowerCase())}:.*?(https?://[^\\s"]+/users/verify-email\\?key=[\\w-]+)`,
  );
  const [, link] = await server.waitForLog(pattern, 10_000, { since });
  return link as string;
}

/** `POST /api/token/`: the access and refresh tokens and the user, as the web app receives them. */
export async function login(server: AppServer, email: string, password: string): Promise<LoginResponse> {
  const res = await expectStatus(await call(server, 'POST', '/api/token/', { email, password }), 200, 'login');
  return (await res.json()) as LoginResponse;
}

/** Any JSON call with a bearer token, e.g. `apiFetch(server, 'POST', '/api/notifications/send/', body, access)`. */
export function apiFetch(server: AppServer, method: string, url: string, body?: unknown, token?: string): Promise<Response> {
  return call(server, method, url, body, token);
}
