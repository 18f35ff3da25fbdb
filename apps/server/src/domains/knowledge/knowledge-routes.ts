import { Readable } from 'node:stream';
import {
  createStoreRequestSchema,
  deleteFilesResponseSchema,
  downloadFileRequestSchema,
  downloadFileResponseSchema,
  fileIdsRequestSchema,
  finishUploadResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
  storeIdRequestSchema,
  uploadBatchRequestSchema,
  uploadBatchResponseSchema,
} from '@aisle/contracts/knowledge';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { downloadFile } from './download-file';
import { syncRetrievalMode } from './embeddings/embedding-queue';
import { createKnowledgeContext } from './knowledge-context';
import { deleteFiles, finishUploads, receiveUpload, requestUploads } from './manage-files';
import { createStore, deleteStore } from './manage-stores';
import { searchKnowledge } from './retrieval/hybrid-search';

const security = [{ bearerAuth: [] }];

/** Knowledge stores and their files (spec §7 Store, Files), mounted under `/api` by app.ts. */
export async function knowledgeRoutes(fastify: FastifyInstance) {
  const ctx = createKnowledgeContext(fastify.services);
  const log = fastify.log.child({ domain: 'knowledge' });
  // What this API shows and searches follows this process's configuration; indexing is a job (jobs/).
  fastify.addHook('onReady', async () => {
    await syncRetrievalMode(ctx, log as never);
  });

  // The signed upload URL: its signature authorises the PUT, and its body is the raw bytes of any
  // type (JSON included), so this route gets its own parser-free context.
  await fastify.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const app = uploads.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/files/upload/:fileId/',
      {
        schema: {
          tags: ['Files'],
          summary: 'Upload a file’s bytes to the signed URL from upload-batch',
          description: 'No Authorization header: the URL’s signature authorises it. 403 when the link is invalid or expired.',
          params: z.object({ fileId: z.uuid() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(200) }),
        },
      },
      async (request, reply) => {
        const length = request.headers['content-length'];
        await receiveUpload(ctx, {
          fileId: request.params.fileId,
          expires: request.query.expires,
          signature: request.query.signature,
          // A PUT with no body (or no content type) reaches no parser: it uploads nothing, 0 bytes.
          body: (request.body as Readable | undefined) ?? Readable.from([]),
          contentLength: length === undefined ? undefined : Number(length),
        });
        return reply.status(204).send();
      },
    );
  });

  await fastify.register(async (authenticated) => {
    // Before body validation: a caller who is not signed in learns nothing about the request shape (DRF order).
    authenticated.addHook('onRequest', requireViewer(authenticated));
    const app = authenticated.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/store/create/',
      { schema: { tags: ['Store'], summary: 'Create a knowledge store', security, body: createStoreRequestSchema } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createStore(ctx, { ownerEmail: viewerOf(request).email, name: request.body.name, currency: request.body.currency })),
    );

    app.post(
      '/store/delete/',
      {
        schema: {
          tags: ['Store'],
          summary: 'Delete a store with its files, passages and assistant links',
          security,
          body: storeIdRequestSchema,
        },
      },
      async (request, reply) => {
        await deleteStore(ctx, { ownerEmail: viewerOf(request).email, id: request.body.id });
        return reply.status(204).send();
      },
    );

    app.post(
      '/store/search/',
      {
        schema: {
          tags: ['Store'],
          summary: 'Search stores as an assistant would: ranked passages, best first',
          security,
          body: searchRequestSchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request) => {
        const { results, mode } = await searchKnowledge(ctx, log as never, { ownerEmail: viewerOf(request).email, ...request.body });
        return { mode, results: results.map(({ passageId: _passageId, ...result }) => result) };
      },
    );

    app.post(
      '/files/upload-batch/',
      {
        schema: {
          tags: ['Files'],
          summary: 'Start uploading files: one signed upload URL per file, in request order',
          security,
          body: uploadBatchRequestSchema,
          response: { 200: uploadBatchResponseSchema },
        },
      },
      async (request) => requestUploads(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
    );

    app.post(
      '/files/finish-upload/',
      {
        schema: {
          tags: ['Files'],
          summary: 'Queue uploaded files for indexing (the same content is indexed once per store)',
          security,
          body: fileIdsRequestSchema,
          response: { 200: finishUploadResponseSchema },
        },
      },
      async (request) => finishUploads(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
    );

    app.post(
      '/files/delete-files/',
      {
        schema: {
          tags: ['Files'],
          summary: 'Delete files and everything indexed from them',
          security,
          body: fileIdsRequestSchema,
          response: { 200: deleteFilesResponseSchema },
        },
      },
      async (request) => deleteFiles(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
    );

    app.post(
      '/files/download/',
      {
        schema: {
          tags: ['Files'],
          summary: 'A short-lived link that downloads one of your files under its own name',
          description: 'The link needs no sign-in. Another owner’s file is 404 `{"detail": "Not found."}`.',
          security,
          body: downloadFileRequestSchema,
          response: { 200: downloadFileResponseSchema },
        },
      },
      async (request) => downloadFile(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
    );
  });
}
