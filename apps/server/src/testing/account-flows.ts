import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * The sign-up journey as the web app performs it, for tests about accounts: sign up, read the
 * mailed link, follow it. Other suites should use `createVerifiedUser` from ./users instead.
 */
export async function signUp(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/create/', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { email: string; tier: string };
}

/** The last mail sent to `to`, failing the test when there is none. */
export function lastMailTo(t: TestApp, to: string) {
  const mail = t.mails.filter((m) => m.to === to).at(-1);
  expect(mail, `no mail to ${to}`).toBeDefined();
  return mail as NonNullable<typeof mail>;
}

/** The verification key from the link in the last sign-up mail to `to`. */
export function confirmationKeyFor(t: TestApp, to: string): string {
  const link = new URL(lastMailTo(t, to).link ?? '');
  const key = link.searchParams.get('key');
  expect(key).toBeTruthy();
  return key as string;
}

export async function signUpAndConfirm(t: TestApp, email: string, password: string) {
  await signUp(t, email, password);
  const res = await t.app.inject(`/api/accounts/confirm-email/${confirmationKeyFor(t, email)}/`);
  expect(res.statusCode, res.body).toBe(200);
}

export async function login(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
