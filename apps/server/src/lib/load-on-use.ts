import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded the first time it is used rather than at start-up. For packages that only
 * some installs or some requests need (Stripe without a key, LINE without a channel, S3 on local
 * storage, the web-page and document parsers): each costs 2–7 MB of V8 heap once loaded, paid by
 * every process whether it uses it or not (bench/idle-memory.ts). Node keeps the module once loaded.
 */
export function loadOnUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
