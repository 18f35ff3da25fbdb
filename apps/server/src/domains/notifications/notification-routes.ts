import { notificationSchema, sendNotificationRequestSchema } from '@aisle/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { sendNotification } from './send-notification';

const security = [{ bearerAuth: [] }];

/** Staff-sent notifications, mounted under `/api` by app.ts. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;
  app.addHook('preHandler', requireViewer(app));

  app.post(
    '/notifications/send/',
    {
      schema: {
        tags: ['Notifications'],
        summary: 'Send a notification to one user (staff only)',
        description:
          'The recipient sees it in `listNotifications` and receives `onCreateNotification`. ' +
          '400 `{"email": ["User not found"]}` when no account has that e-mail; 403 for non-staff.',
        security,
        body: sendNotificationRequestSchema,
        response: { 201: notificationSchema },
      },
    },
    async (request, reply) => {
      const { email, title, content, presignedGet } = request.body;
      const notification = await sendNotification({ db, events, viewerId: viewerOf(request).userId, email, title, content, presignedGet });
      return reply.status(201).send(notification);
    },
  );
}
