import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { createObjectLinkSigner, OBJECT_LINK_PATH } from '../lib/object-storage/object-links';
import { attachmentDisposition, isObjectKey, ObjectNotFoundError, ObjectTooLargeError } from '../lib/object-storage/object-storage';

const INVALID_DOWNLOAD = 'This download link is invalid or has expired.';
const INVALID_UPLOAD = 'This upload link is invalid or has expired.';

const downloadQuery = z.object({
  expires: z.coerce.number().int().optional(),
  name: z.string().max(4096).optional(),
  type: z.string().max(200).optional(),
  signature: z.string().max(200).optional(),
});
const uploadQuery = downloadQuery.omit({ name: true }).extend({ length: z.coerce.number().int().min(0).optional() });

/**
 * The links the disk storage hands out in place of presigned URLs (lib/object-storage/object-links.ts):
 * `GET` downloads an object under its signed name, `PUT` takes exactly the signed number of bytes.
 * The signature is the authorisation, as a bucket's is: no bearer token, so a plain browser
 * download works. With a bucket, the links point at the bucket and nothing is served here.
 */
export async function objectLinkRoutes(fastify: FastifyInstance) {
  const { env, storage } = fastify.services;
  if (storage.kind !== 'disk') return;
  const signer = createObjectLinkSigner(env.JWT_SECRET);
  const keyOf = (params: unknown) => {
    const key = String((params as Record<string, string>)['*'] ?? '');
    return isObjectKey(key) ? key : null;
  };
  const route = `${OBJECT_LINK_PATH.replace(/^\/api/, '')}*`;

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(route, { schema: { hide: true, querystring: downloadQuery } }, async (request, reply) => {
    const key = keyOf(request.params);
    const { expires, name, type, signature } = request.query;
    const link = { method: 'GET' as const, key: key ?? '', expires: expires ?? Number.NaN, name, type };
    if (!key || name === undefined || !signature || !signer.verify(link, signature)) throw new AppError('FORBIDDEN', INVALID_DOWNLOAD);
    const stored = await storage.open(key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw new AppError('NOT_FOUND', 'Not found.');
      throw error;
    });
    return reply
      .header('content-type', type || 'application/octet-stream')
      .header('content-length', stored.size)
      .header('content-disposition', attachmentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(stored.body);
  });

  // The bytes of any type (JSON included) arrive raw: this route gets its own parser-free context.
  await fastify.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    uploads.withTypeProvider<ZodTypeProvider>().put(route, { schema: { hide: true, querystring: uploadQuery } }, async (request, reply) => {
      const key = keyOf(request.params);
      const { expires, length, type, signature } = request.query;
      const link = { method: 'PUT' as const, key: key ?? '', expires: expires ?? Number.NaN, length, type };
      if (!key || length === undefined || !signature || !signer.verify(link, signature)) throw new AppError('FORBIDDEN', INVALID_UPLOAD);
      const declared = request.headers['content-length'];
      if (declared !== undefined && Number(declared) !== length) throw wrongSize(Number(declared), length);
      try {
        // A PUT with no body (or no content type) reaches no parser: it uploads nothing, 0 bytes.
        const body = (request.body as Readable | undefined) ?? Readable.from([]);
        const written = await storage.putStream(key, body, { maxBytes: length, contentType: type });
        if (written.size !== length) {
          await storage.remove(key);
          throw wrongSize(written.size, length);
        }
      } catch (error) {
        if (error instanceof ObjectTooLargeError)
          throw new AppError('PAYLOAD_TOO_LARGE', 'The upload is larger than the size declared for it.');
        throw error;
      }
      return reply.status(204).send();
    });
  });
}

const wrongSize = (size: number, declared: number) =>
  new AppError('BAD_REQUEST', `The upload has ${size} bytes but ${declared} were declared.`);
