import { userSchema } from '@aisle/contracts/accounts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { avatarTooLargeError, uploadAvatar } from './upload-avatar';

const FILE_FIELDS = new Set(['avatar', 'file']);

/**
 * Avatar upload. Registered as its own plugin so multipart parsing exists for this route only;
 * every other route keeps answering a multipart body with 415.
 */
export async function avatarUploadRoutes(fastify: FastifyInstance) {
  const { db, env } = fastify.services;
  await fastify.register(multipart, {
    // One image and nothing else worth reading; the file limit is the avatar limit, not BODY_LIMIT.
    limits: { fileSize: env.AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });
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
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the avatar as multipart/form-data, in a file field named "avatar".');
      }
      const part = await request.file();
      if (!part || !FILE_FIELDS.has(part.fieldname)) throw AppError.fields({ avatar: ['No file was submitted.'] });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw avatarTooLargeError(env.AVATAR_MAX_BYTES);
        throw error;
      }
      return uploadAvatar({ db, env, userId: viewerOf(request).userId, bytes });
    },
  );
}
