import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import { getItems, type Item, type ModelContext } from '../data-api/model-store';
import type { ModelDef } from '../data-api/model-types';
import { AppError, appErrorFromDatabase } from '../lib/app-error';
import type { Viewer } from '../lib/viewer';
import type { Services } from '../services';

export interface GraphQLContext {
  services: Services;
  /** Null when no valid access token came with the request or the socket. */
  viewer: Viewer | null;
  /** Per-operation batch loaders by model name (see `itemLoader`). */
  loaders?: Map<string, DataLoader<unknown, Item | null>>;
}

/**
 * Loads rows by id for `belongsTo` fields, batching every lookup of one model made while resolving
 * one operation into a single query (a list of 999 threads asks for their assistants once).
 */
export function itemLoader(ctx: GraphQLContext, model: ModelDef): DataLoader<unknown, Item | null> {
  ctx.loaders ??= new Map();
  let loader = ctx.loaders.get(model.name);
  if (!loader) {
    const mctx = modelContext(ctx);
    // Batching only, no cache: a subscription's context lives across events that may change rows.
    loader = new DataLoader((ids: readonly unknown[]) => getItems(mctx, model, ids), { cache: false });
    ctx.loaders.set(model.name, loader);
  }
  return loader;
}

export const unauthorized = () => new GraphQLError('Unauthorized', { extensions: { code: 'UNAUTHORIZED', errorType: 'Unauthorized' } });

/** Every operation of the data API needs a signed-in caller (spec §6). */
export function modelContext(ctx: GraphQLContext): ModelContext {
  if (!ctx.viewer) throw unauthorized();
  return { db: ctx.services.db, events: ctx.services.events, viewer: ctx.viewer };
}

const errorType: Record<string, string> = {
  FORBIDDEN: 'Unauthorized',
  UNAUTHORIZED: 'Unauthorized',
  CONFLICT: 'ConditionalCheckFailedException',
  BAD_REQUEST: 'BadRequest',
  NOT_FOUND: 'NotFound',
  UNAVAILABLE: 'ServiceUnavailable',
};

/** Expected failures become client-facing GraphQL errors; anything else is masked by Yoga. */
export function toGraphQLError(error: unknown): unknown {
  if (!(error instanceof AppError)) error = appErrorFromDatabase(error) ?? error;
  if (error instanceof AppError) {
    // A refusal while the process shuts down (or a statement that ran too long) answers 503, with
    // Retry-After when there is one, as over REST (Yoga reads `http` and leaves it out of the body).
    const headers: Record<string, string> = error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    const http = error.code === 'UNAVAILABLE' ? { http: { status: 503, headers } } : {};
    return new GraphQLError(error.detail, {
      extensions: {
        code: error.code,
        errorType: errorType[error.code] ?? error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...http,
      },
    });
  }
  return error;
}
