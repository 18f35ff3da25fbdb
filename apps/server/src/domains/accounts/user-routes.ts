import {
  replySignatureSchema,
  updateAvatarUrlRequestSchema,
  updateReplySignatureRequestSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { getUser } from './get-user';
import { listUsers } from './list-users';
import { getReplySignature, updateReplySignature } from './reply-signature';
import { updateAvatar } from './update-avatar';

const security = [{ bearerAuth: [] }];

/** The signed-in user's account and, for staff, everyone's (spec §7 "Users"). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.services;
  app.addHook('preHandler', requireViewer(app));

  app.get(
    '/users/',
    {
      schema: {
        tags: ['Users'],
        summary: 'List all users (staff only), 50 per page',
        description: '`?page=N` (or `last`); a page outside the list is 404 `{"detail": "Invalid page."}`.',
        security,
        querystring: userListQuerySchema,
        response: { 200: userPageSchema },
      },
    },
    async (request) => listUsers({ db, env, viewerId: viewerOf(request).userId, page: request.query.page }),
  );

  app.get(
    '/users/reply-signature/',
    {
      schema: {
        tags: ['Users'],
        summary: 'How your manual replies are signed to shoppers',
        security,
        response: { 200: replySignatureSchema },
      },
    },
    async (request) => getReplySignature({ db, userId: viewerOf(request).userId }),
  );

  app.post(
    '/users/update-reply-signature/',
    {
      schema: {
        tags: ['Users'],
        summary: 'Sign your manual replies as the shop’s team, with your name, or with the shop’s name',
        description: '`signed_as` is `team`, `name` (needs `display_name`) or `shop` (needs `shop_name`); both names are kept.',
        security,
        body: updateReplySignatureRequestSchema,
        response: { 200: replySignatureSchema },
      },
    },
    async (request) =>
      updateReplySignature({
        db,
        userId: viewerOf(request).userId,
        signedAs: request.body.signed_as,
        displayName: request.body.display_name,
        shopName: request.body.shop_name,
      }),
  );

  app.get(
    '/users/:id/',
    {
      schema: {
        tags: ['Users'],
        summary: 'One user (yourself, or anyone for staff)',
        description: 'Other users are 404 `{"detail": "Not found."}`, like ids that do not exist.',
        security,
        params: userIdParamsSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => getUser({ db, viewerId: viewerOf(request).userId, userId: request.params.id }),
  );

  app.post(
    '/users/update-avatar-url/',
    {
      schema: {
        tags: ['Users'],
        summary: 'Set your avatar to an http(s) image URL',
        security,
        body: updateAvatarUrlRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateAvatar({ db, env, userId: viewerOf(request).userId, avatarUrl: request.body.avatar_url }),
  );
}
