import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition, ObjectNotFoundError } from '../../lib/object-storage/object-storage';
import { createExportsContext } from './exports-context';
import { openExport } from './open-export';

const params = z.object({ id: z.string().max(100) });
const query = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(200).optional() });

/**
 * `GET /api/downloads/{id}/?expires=…&signature=…`: the signed link of a prepared file (a
 * notification's `presignedGet`). The signature is the authorisation, as an object store's
 * presigned URL would be: no bearer token, so a plain browser download works.
 */
export async function downloadRoutes(fastify: FastifyInstance) {
  const ctx = createExportsContext(fastify.services);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/downloads/:id/',
    {
      schema: {
        tags: ['Downloads'],
        summary: 'Download a prepared file through its signed link',
        description: 'An expired, altered or foreign link is 403 `{"detail": "This download link is invalid or has expired."}`.',
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const file = await openExport(ctx, { id: request.params.id, expires: request.query.expires, signature: request.query.signature });
      // The file may have been erased (shop/redact) after the row was read: a 404, not a 500.
      const stored = await ctx.storage.open(file.key).catch((error: unknown) => {
        if (error instanceof ObjectNotFoundError) return null;
        throw error;
      });
      if (!stored) return reply.status(404).send({ detail: 'Not found.' });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', stored.size)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(stored.body);
    },
  );
}
