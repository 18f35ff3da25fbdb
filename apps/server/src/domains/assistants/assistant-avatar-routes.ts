import { assistantSchema, uploadAssistantAvatarFieldsSchema } from '@aisle/contracts/assistants';
import { NO_AVATAR_FILE_MESSAGE } from '@aisle/contracts/avatars';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { readAvatarUpload, registerAvatarMultipart } from '../accounts';
import { uploadAssistantAvatar } from './assistant-avatar';

const REQUIRED = 'This field is required.';

/**
 * An assistant's picture upload. Registered inside assistantRoutes, after its sign-in hook, so
 * the caller is checked before the body is read; its own plugin so that multipart parsing exists
 * for this route only.
 */
export async function assistantAvatarRoutes(fastify: FastifyInstance) {
  const { db, events, env, storage } = fastify.services;
  await registerAvatarMultipart(fastify, env);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/assistant/avatar/',
    {
      schema: {
        tags: ['Assistant'],
        summary: 'Upload an assistant’s picture (kind "assistant") or its visitors’ (kind "user")',
        description:
          'multipart/form-data: `assistantId`, `kind` (`assistant` or `user`, default `assistant`) and the image in `avatar` ' +
          `or \`file\` (PNG, JPEG, WebP or GIF; at most AVATAR_MAX_BYTES, ${env.AVATAR_MAX_BYTES} bytes here, else 413). ` +
          'Answers the assistant as assistant/edit does.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: assistantSchema },
      },
    },
    async (request) => {
      const { bytes, fields } = await readAvatarUpload(request, env.AVATAR_MAX_BYTES);
      const parsed = uploadAssistantAvatarFieldsSchema.safeParse(fields);
      // Every problem with the form at once, in the field-error shape of the JSON calls.
      const problems = parsed.success ? {} : fieldErrors(parsed.error);
      if (!bytes) problems.avatar = [NO_AVATAR_FILE_MESSAGE];
      if (!parsed.success || !bytes) throw AppError.fields(problems);
      return uploadAssistantAvatar({ db, events, env, storage }, { ownerEmail: viewerOf(request).email, ...parsed.data, bytes });
    },
  );
}

/** A zod error as DRF field errors; a missing field reads "This field is required." as elsewhere. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'non_field_errors';
    fields[key] ??= [];
    fields[key].push(/received undefined/.test(issue.message) ? REQUIRED : issue.message);
  }
  return fields;
}
