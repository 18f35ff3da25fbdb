import type { Logger } from 'pino';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { createInboxContext, type InboxContext } from '../inbox';
import { secretBoxKey } from '../variables';

/** The operator's Meta app (META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN) and where its calls go. */
export interface MetaApp {
  appId: string;
  appSecret: string;
  verifyToken: string;
  /** Graph API calls: `${graphOrigin}/${version}/…`. */
  graphOrigin: string;
  /** Facebook Login's dialog: www.facebook.com for the real Graph API, the configured origin otherwise (a fake). */
  dialogOrigin: string;
  version: string;
}

/**
 * What the channels work with: the inbox's context (a channel's conversations are shared threads,
 * answered by the turns engine, watched live in the inbox), the Meta app, LINE's API origin, and
 * the key that seals the accounts' tokens.
 */
export interface ChannelsContext extends InboxContext {
  meta: MetaApp | null;
  lineOrigin: string;
  /** Seals tokens and LINE channel secrets (the secret variables' AES-256-GCM key). */
  readonly key: Buffer;
  /** Signs Facebook Login's state (the JWT secret). */
  stateSecret: string;
}

const REAL_GRAPH_ORIGIN = 'https://graph.facebook.com';

export function metaAppOf(env: Env): MetaApp | null {
  if (!env.META_APP_ID || !env.META_APP_SECRET || !env.META_VERIFY_TOKEN) return null;
  return {
    appId: env.META_APP_ID,
    appSecret: env.META_APP_SECRET,
    verifyToken: env.META_VERIFY_TOKEN,
    graphOrigin: env.META_GRAPH_API_ORIGIN,
    dialogOrigin: env.META_GRAPH_API_ORIGIN === REAL_GRAPH_ORIGIN ? 'https://www.facebook.com' : env.META_GRAPH_API_ORIGIN,
    version: env.META_GRAPH_API_VERSION,
  };
}

export function createChannelsContext(services: Services, logger: Logger = services.logger.child({ domain: 'channels' })): ChannelsContext {
  const inbox = createInboxContext(services, logger);
  return {
    ...inbox,
    meta: metaAppOf(services.env),
    lineOrigin: services.env.LINE_API_ORIGIN,
    // Read on use: the key file of an install without VARIABLES_ENCRYPTION_KEY is created on first use.
    get key() {
      return secretBoxKey(services.env.VARIABLES_ENCRYPTION_KEY);
    },
    stateSecret: services.env.JWT_SECRET,
  };
}
