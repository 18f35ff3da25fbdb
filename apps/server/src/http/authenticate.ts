import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { identifyScope } from '../lib/request-scope';
import type { Viewer } from '../lib/viewer';
import { tokenFromAuthorization } from '../lib/viewer';

/** Resolves the caller from the bearer access token, or null when none was sent. */
export async function viewerFromRequest(app: FastifyInstance, request: FastifyRequest): Promise<Viewer | null> {
  const token = tokenFromAuthorization(request.headers.authorization);
  if (!token) return null;
  const claims = await app.services.tokens.verify(token, 'access');
  // From here on, the request's database work takes its turns as this account's.
  identifyScope(`account:${claims.email}`);
  return { userId: claims.user_id, email: claims.email, isStaff: claims.is_staff };
}

/** preHandler for REST routes that need a signed-in user (DRF `IsAuthenticated`). */
export function requireViewer(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const viewer = await viewerFromRequest(app, request);
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Authentication credentials were not provided.', { bodyCode: 'not_authenticated' });
    request.viewer = viewer;
  };
}

export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer)
    throw new AppError('UNAUTHORIZED', 'Authentication credentials were not provided.', { bodyCode: 'not_authenticated' });
  return request.viewer;
}
