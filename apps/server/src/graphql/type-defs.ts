import { billingSdl } from '../domains/billing';
import { conversationSdl } from '../domains/conversations';
import { inboxSdl } from '../domains/inbox';
import { buildSdl } from './build-sdl';

/**
 * The whole SDL of /graphql: the registry's models (build-sdl.ts), then what the conversation and
 * inbox domains add to them. The route builds its schema from this, and so does anything that
 * needs the schema without the app (the fuzz campaign enumerates its operations).
 */
export const typeDefs = () => [buildSdl(), conversationSdl, inboxSdl, billingSdl];
