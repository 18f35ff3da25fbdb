import {
  availableUsdSchema,
  billingPageQuerySchema,
  dailyUsageListSchema,
  dailyUsageSchema,
  insertDailyUsageRequestSchema,
  resetTierTrackRequestSchema,
  subscriptionPageSchema,
  tierPageSchema,
  tierTrackSchema,
  transactionPageSchema,
} from '@aisle/contracts/billing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { toUsd } from '../../lib/money';
import { pageNumber, pageOf } from '../../lib/page-number';
import { accountMessages, loadActiveUser } from '../accounts';
import { listDailyUsage, listSubscriptions, listTransactions } from './account-ledger';
import { recordDailyUsage } from './record-daily-usage';
import { restartTierTrack } from './tier-periods';
import { readTierTrack } from './tier-track';
import { currentTierPlans, toTierRepresentation } from './tiers';

const tags = ['Users'];
const security = [{ bearerAuth: [] }];
const TIERS_PAGE_SIZE = 50;
const CHART_DAYS = 30;

/**
 * The billing calls of spec §7 "Users": the balance, the tier track and the tiers, the caller's own
 * ledger and subscriptions (DRF pages; nobody reads another user's), and the staff-only calls.
 * Mounted under `/api` by app.ts; top-ups are the payments domain's (they go to a provider).
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.services;
  app.addHook('preHandler', requireViewer(app));
  const me = (request: FastifyRequest) => loadActiveUser({ db, userId: viewerOf(request).userId });
  const staff = async (request: FastifyRequest) => {
    const user = await me(request);
    if (!user.isStaff) throw new AppError('FORBIDDEN', accountMessages.forbidden);
    return user;
  };
  const userByEmail = async (email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new AppError('NOT_FOUND', accountMessages.notFound);
    return user;
  };

  app.get(
    '/users/available-usd/',
    { schema: { tags, security, summary: 'Your credit balance in USD, and your tier', response: { 200: availableUsdSchema } } },
    async (request) => {
      const user = await me(request);
      return { available_usd: toUsd(user.balanceMicroUsd), tier: user.tier };
    },
  );

  app.get(
    '/users/tier-track/',
    {
      schema: {
        tags,
        security,
        summary: 'Your usage against your tier’s limits in this billing period',
        description: 'Each limit with what is used and, once it is reached, the message a refusal carries.',
        response: { 200: tierTrackSchema },
      },
    },
    async (request) => {
      const user = await me(request);
      return readTierTrack({ db, userId: user.id, email: user.email, tier: user.tier });
    },
  );

  app.post(
    '/users/reset-tier-track/',
    {
      schema: {
        tags,
        security,
        summary: 'Staff only: start a user’s billing period again now, with nothing used',
        description: 'Regular users get 403; an unknown e-mail is 404.',
        body: resetTierTrackRequestSchema,
        response: { 200: tierTrackSchema },
      },
    },
    async (request) => {
      await staff(request);
      const user = await userByEmail(request.body.email);
      await restartTierTrack(db, user.id);
      return readTierTrack({ db, userId: user.id, email: user.email, tier: user.tier });
    },
  );

  app.get(
    '/users/tier-limits/',
    {
      schema: {
        tags,
        security,
        summary: 'The tiers as they apply now: price and limits (from the versioned tier table)',
        querystring: billingPageQuerySchema,
        response: { 200: tierPageSchema },
      },
    },
    async (request) => {
      const plans = await currentTierPlans(db);
      const { page, lastPage } = pageNumber(request.query.page, plans.length, TIERS_PAGE_SIZE);
      const results = plans.slice((page - 1) * TIERS_PAGE_SIZE, page * TIERS_PAGE_SIZE).map(toTierRepresentation);
      return pageOf({ url: `${env.PUBLIC_URL}/api/users/tier-limits/`, page, lastPage, count: plans.length, results });
    },
  );

  app.get(
    '/users/subscriptions/',
    {
      schema: {
        tags,
        security,
        summary: 'Your subscriptions, newest first',
        querystring: billingPageQuerySchema,
        response: { 200: subscriptionPageSchema },
      },
    },
    async (request) => listSubscriptions({ db, publicUrl: env.PUBLIC_URL, userId: (await me(request)).id, page: request.query.page }),
  );

  app.get(
    '/users/transactions/',
    {
      schema: {
        tags,
        security,
        summary: 'Your ledger, newest first: charges, top-ups, refunds and adjustments',
        querystring: billingPageQuerySchema,
        response: { 200: transactionPageSchema },
      },
    },
    async (request) => listTransactions({ db, publicUrl: env.PUBLIC_URL, userId: (await me(request)).id, page: request.query.page }),
  );

  app.get(
    '/users/daily-usage/',
    {
      schema: {
        tags,
        security,
        summary: `Your usage per UTC day for the last ${CHART_DAYS} days, oldest first (the Account screen's spend chart)`,
        response: { 200: dailyUsageListSchema },
      },
    },
    async (request) => listDailyUsage({ db, userId: (await me(request)).id, days: CHART_DAYS }),
  );

  app.post(
    '/users/insert-daily-usage/',
    {
      schema: {
        tags,
        security,
        summary: 'Staff and internal use: add usage to a user’s day (no charge: the balance does not move)',
        description: 'Regular users get 403; an unknown e-mail is 404.',
        body: insertDailyUsageRequestSchema,
        response: { 200: dailyUsageSchema },
      },
    },
    async (request) => {
      await staff(request);
      return recordDailyUsage(db, request.body);
    },
  );
}
