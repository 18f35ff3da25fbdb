import { finished } from 'node:stream/promises';
import { MALFORMED_UPLOAD_MESSAGE } from '@aisle/contracts/avatars';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { avatarTooLargeError } from './avatar-image';

/** The file may come in either field: "avatar" is the spec's name, "file" what generic clients send. */
const FILE_FIELDS = new Set(['avatar', 'file']);

export interface AvatarUpload {
  /** The image's bytes; undefined when no file came in "avatar" or "file". */
  bytes?: Buffer;
  /** The text fields sent beside it. */
  fields: Record<string, string>;
}

/**
 * Adds multipart parsing to an avatar upload plugin. Registered per upload plugin so every other
 * route keeps answering a multipart body with 415.
 */
export async function registerAvatarMultipart(fastify: FastifyInstance, env: Env) {
  await fastify.register(multipart, {
    // One image and a few short fields; the file limit is the avatar limit, not BODY_LIMIT.
    limits: { fileSize: env.AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });
}

/**
 * Reads an avatar upload: 415 unless multipart, 413 once the file passes AVATAR_MAX_BYTES, 400 for
 * a body the multipart parser cannot read. Fields may come before or after the file. Parts past
 * the form's limits (a second file, …) are ignored, as is any file in another field.
 */
export async function readAvatarUpload(request: FastifyRequest, maxBytes: number): Promise<AvatarUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the avatar as multipart/form-data, in a file field named "avatar".');
  }
  const errors = request.server.multipartErrors;
  const upload: AvatarUpload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
      } else if (upload.bytes === undefined && FILE_FIELDS.has(part.fieldname)) {
        upload.bytes = await part.toBuffer();
      } else {
        // Read and dropped: the parser only moves on to the next part once this one is consumed.
        await finished(part.file.resume());
      }
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) throw avatarTooLargeError(maxBytes);
    const overLimit =
      error instanceof errors.FilesLimitError || error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError;
    if (!overLimit) throw malformedUpload(error);
  }
  return upload;
}

/**
 * What the parser (@fastify/busboy) throws about the body the client sent: no boundary in the
 * content type, one too long to search for (over 256 bytes; RFC 2046 allows 70), a body that never
 * uses it or is cut short. It throws plain Errors, told apart by their messages; anything else
 * stays the server's own failure.
 */
const MALFORMED_BODY =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/;

function malformedUpload(error: unknown): unknown {
  if (!(error instanceof Error) || !MALFORMED_BODY.test(error.message)) return error;
  return new AppError('BAD_REQUEST', MALFORMED_UPLOAD_MESSAGE, { cause: error });
}
