import { createHmac, randomUUID } from 'node:crypto';
import type { MetaChannel } from '@aisle/contracts/channels';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Facebook Login's `state`: who started the login, for which channel (and the assistant they
 * picked), signed with a key of its own (derived from the JWT secret, so it is never an access
 * token) and valid for 15 minutes. The callback trusts nothing else: the browser that comes back
 * carries no bearer token, and a forged or replayed state from another login names nobody.
 */
const LIFETIME_SECONDS = 15 * 60;
const AUDIENCE = 'meta-login';

const keyOf = (secret: string) => createHmac('sha256', secret).update('aisle meta login state').digest();

export interface LoginState {
  ownerEmail: string;
  channel: MetaChannel;
  assistantId: string | null;
}

export function signLoginState(secret: string, state: LoginState): Promise<string> {
  return new SignJWT({ ch: state.channel, as: state.assistantId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(state.ownerEmail)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${LIFETIME_SECONDS}s`)
    .sign(keyOf(secret));
}

/** The login the state names, or null (forged, expired, another channel's). */
export async function readLoginState(secret: string, token: string | undefined, channel: MetaChannel): Promise<LoginState | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
    if (payload.ch !== channel || typeof payload.sub !== 'string') return null;
    return { ownerEmail: payload.sub, channel, assistantId: typeof payload.as === 'string' ? payload.as : null };
  } catch {
    return null;
  }
}
