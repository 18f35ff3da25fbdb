import { userSchema } from '@aisle/contracts/accounts';
import { NO_AVATAR_FILE_MESSAGE } from '@aisle/contracts/avatars';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { readAvatarUpload, registerAvatarMultipart } from './avatar-multipart';
import { uploadAvatar } from './upload-avatar';

/**
 * Avatar upload. Registered as its own plugin so multipart parsing exists for this route only;
 * every other route keeps answering a multipart body with 415.
 */
export async function avatarUploadRoutes(fastify: FastifyInstance) {
  const { db, env, storage } = fastify.services;
  await registerAvatarMultipart(fastify, env);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/upload-avatar-url/',
    {
      preHandler: requireViewer(app),
      schema: {
        tags: ['Users'],
        summary: 'Upload an avatar image (multipart field "avatar" or "file"; PNG, JPEG, WebP or GIF)',
        description: `At most AVATAR_MAX_BYTES (${env.AVATAR_MAX_BYTES} bytes here); larger files are 413.`,
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const { bytes } = await readAvatarUpload(request, env.AVATAR_MAX_BYTES);
      if (!bytes) throw AppError.fields({ avatar: [NO_AVATAR_FILE_MESSAGE] });
      return uploadAvatar({ db, env, storage, userId: viewerOf(request).userId, bytes });
    },
  );
}
