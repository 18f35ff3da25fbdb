import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  detailSchema,
  loginResponseSchema,
  replySignatureSchema,
  updateAvatarUrlRequestSchema,
  updateLanguageRequestSchema,
  updateLanguageResponseSchema,
  updateReplySignatureRequestSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { accountMessages } from './account-messages';
import { accountSettingsRateLimit } from './auth-rate-limit';
import { changePassword } from './change-password';
import { getUser } from './get-user';
import { listUsers } from './list-users';
import { getReplySignature, updateReplySignature } from './reply-signature';
import { requestEmailChange } from './request-email-change';
import { updateAvatar } from './update-avatar';
import { updateLanguage } from './user-language';

const security = [{ bearerAuth: [] }];

/** The signed-in user's account and, for staff, everyone's (spec §7 "Users"). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer, tokens, storage } = app.services;
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
    async (request) => updateAvatar({ db, env, storage, userId: viewerOf(request).userId, avatarUrl: request.body.avatar_url }),
  );

  app.post(
    '/users/update-language/',
    {
      config: accountSettingsRateLimit(env, 'update-language'),
      schema: {
        tags: ['Users'],
        summary: 'Set the language of your e-mails (`en`, `ja` or `th`)',
        description: 'Sign-in and refresh answers carry it as `user.language`.',
        security,
        body: updateLanguageRequestSchema,
        response: { 200: updateLanguageResponseSchema },
      },
    },
    async (request) => updateLanguage({ db, userId: viewerOf(request).userId, language: request.body.language }),
  );

  app.post(
    '/users/change-password/',
    {
      config: accountSettingsRateLimit(env, 'change-password'),
      schema: {
        tags: ['Users'],
        summary: 'Change your password; every other session ends and this one gets a new token pair',
        description:
          '400 `{"current_password": ["Your old password was entered incorrectly. Please enter it again."]}` for a wrong current password; ' +
          '`new_password` follows the sign-up rule. Answers like `POST token/`: `{access, refresh, user}`.',
        security,
        body: changePasswordRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) =>
      changePassword({
        db,
        tokens,
        userId: viewerOf(request).userId,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      }),
  );

  app.post(
    '/users/change-email/',
    {
      config: accountSettingsRateLimit(env, 'change-email'),
      schema: {
        tags: ['Users'],
        summary: 'Change your e-mail address: a confirmation link is mailed to the new one',
        description:
          'Nothing changes until the link (`/users/verify-email?key=…`, followed through `GET accounts/confirm-email/{key}/`) is followed: ' +
          'then the account and everything it owns move to the new address, every session ends and the old address is told. ' +
          '400 `{"password": [...]}` for a wrong password, `{"new_email": ["A user with that email already exists."]}` for a taken address.',
        security,
        body: changeEmailRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await requestEmailChange({
        db,
        env,
        mailer,
        userId: viewerOf(request).userId,
        password: request.body.password,
        newEmail: request.body.new_email,
      });
      return { detail: accountMessages.emailChangeSent };
    },
  );
}
