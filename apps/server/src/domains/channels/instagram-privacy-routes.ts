import { dataDeletionStatusQuerySchema, dataDeletionStatusSchema } from '@aisle/contracts/channels';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChannelsContext } from './channels-context';
import { deauthorizeMetaUser } from './meta/deauthorize-meta-user';
import { deleteInstagramData, getDataDeletionStatus } from './meta/delete-instagram-data';

const tags = ['Instagram'];
const signedBody = z.object({ signed_request: z.string().max(10_000).optional() });

/**
 * Instagram's privacy callbacks (spec §7 "Instagram also has POST and GET data_deletion/, and POST
 * deauthorize/"), public and checked by Meta's `signed_request` (a bad one is 400 and changes
 * nothing). Meta posts them as a form, so this plugin reads forms as well as JSON.
 */
export async function instagramPrivacyRoutes(fastify: FastifyInstance, { ctx }: { ctx: ChannelsContext }) {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/instagram/data_deletion/',
    {
      schema: {
        tags,
        summary: 'Meta’s data deletion callback: delete that person’s Instagram conversations',
        description: 'Answers `{url, confirmation_code}`; the URL shows the request’s status. 400 for a missing or forged signed request.',
        body: signedBody,
        response: { 200: z.object({ url: z.string(), confirmation_code: z.string() }) },
      },
    },
    async (request) => deleteInstagramData(ctx, request.body.signed_request),
  );

  app.get(
    '/instagram/data_deletion/',
    {
      schema: {
        tags,
        summary: 'The status of a data deletion request, by its confirmation code',
        querystring: dataDeletionStatusQuerySchema,
        response: { 200: dataDeletionStatusSchema },
      },
    },
    async (request) => getDataDeletionStatus(ctx, request.query.code),
  );

  app.post(
    '/instagram/deauthorize/',
    {
      schema: {
        tags,
        summary: 'Meta’s deauthorize callback: the accounts that person connected need reconnecting',
        body: signedBody,
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    async (request) => {
      await deauthorizeMetaUser(ctx, request.body.signed_request);
      return { detail: 'Received.' };
    },
  );
}
