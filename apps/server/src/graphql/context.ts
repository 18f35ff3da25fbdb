import { GraphQLError } from 'graphql';
import type { Viewer } from '../domains/auth/viewer';
import type { ModelContext } from '../domains/models/model-store';
import { AppError } from '../lib/app-error';
import type { Services } from '../services';

export interface GraphQLContext {
  services: Services;
  /** Null when no valid access token came with the request or the socket. */
  viewer: Viewer | null;
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
};

/** Expected failures become client-facing GraphQL errors; anything else is masked by Yoga. */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof AppError) {
    return new GraphQLError(error.detail, { extensions: { code: error.code, errorType: errorType[error.code] ?? error.code } });
  }
  return error;
}
