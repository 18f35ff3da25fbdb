import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
      const size = await stat(file.path).then(
        (info) => info.size,
        () => null,
      );
      if (size === null) return reply.status(404).send({ detail: 'Not found.' });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
}
