import { createHash } from 'node:crypto';

/**
 * Who asks, as a short digest (the built-in order help's verification codes and guessing limits
 * are kept per asker): a web visitor by their visitor token, a channel customer by their thread,
 * the owner by their own thread. Never the token itself: these keys are stored.
 */
export const askerKey = (kind: 'visitor' | 'thread' | 'owner-thread', id: string) =>
  `${kind}:${createHash('sha256').update(id).digest('base64url').slice(0, 22)}`;
