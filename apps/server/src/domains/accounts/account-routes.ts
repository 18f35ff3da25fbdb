import type { FastifyInstance } from 'fastify';
import { avatarUploadRoutes } from './avatar-upload-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { signUpRoutes } from './sign-up-routes';
import { tokenRoutes } from './token-routes';
import { userRoutes } from './user-routes';

/**
 * The accounts REST API, mounted under `/api` by app.ts. Each group is its own plugin so the
 * authenticated ones can add their preHandler (and the upload its multipart parser) without
 * touching the public calls.
 */
export async function accountRoutes(app: FastifyInstance) {
  await app.register(tokenRoutes);
  await app.register(signUpRoutes);
  await app.register(passwordResetRoutes);
  await app.register(userRoutes);
  await app.register(avatarUploadRoutes);
}
