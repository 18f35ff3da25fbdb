import {
  createFunctionRequestSchema,
  FUNCTION_ARGS_MAX_BYTES,
  fixFunctionResponseSchema,
  functionIdRequestSchema,
  functionSchema,
  runFunctionRequestSchema,
  runFunctionResponseSchema,
} from '@aisle/contracts/functions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { modelCatalog } from '../ai';
import { createKnowledgeContext } from '../knowledge';
import type { FunctionsContext } from './functions-context';
import { createFunction, deleteFunction, initializeFunction, proposeFix, runFunctionNow } from './manage-functions';

const security = [{ bearerAuth: [] }];
const tags = ['Functions'];

/** Functions (spec §7 Functions), mounted under `/api` by app.ts. Reads and edits go through the data API. */
export async function functionRoutes(fastify: FastifyInstance) {
  const ctx: FunctionsContext = {
    db: fastify.services.db,
    events: fastify.services.events,
    env: fastify.services.env,
    knowledge: createKnowledgeContext(fastify.services),
    models: modelCatalog(fastify.services.env),
    logger: fastify.log.child({ domain: 'functions' }) as unknown as Logger,
  };

  fastify.addHook('onRequest', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Runs share the sandbox's few workers (and initialize/fix may call a paid model): one owner
  // cannot queue so many that everyone's chat tools wait.
  const perOwner = {
    rateLimit: {
      max: ctx.env.FUNCTION_RUN_RATE_LIMIT,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `functions:${viewerOf(request).email}`,
    },
  };

  app.post(
    '/functions/create/',
    {
      schema: {
        tags,
        summary: 'Create a function; its code is checked (hosts it calls, rules) before it is stored',
        security,
        body: createFunctionRequestSchema,
        response: { 201: functionSchema },
      },
    },
    async (request, reply) => reply.status(201).send((await createFunction(ctx, viewerOf(request).email, request.body)) as never),
  );

  app.post(
    '/functions/initialize/',
    {
      config: perOwner,
      schema: {
        tags,
        summary: 'Write starter code and a tool definition from the description (the default model, or a local skeleton)',
        security,
        body: functionIdRequestSchema,
        response: { 200: functionSchema },
      },
    },
    async (request) => (await initializeFunction(ctx, viewerOf(request).email, request.body.id)) as never,
  );

  app.post(
    '/functions/fix/',
    {
      config: perOwner,
      schema: {
        tags,
        summary: 'Propose corrected code from the last error in the log (nothing is saved)',
        security,
        body: functionIdRequestSchema,
        response: { 200: fixFunctionResponseSchema },
      },
    },
    async (request) => proposeFix(ctx, viewerOf(request).email, request.body.id),
  );

  app.post(
    '/functions/run/',
    {
      config: perOwner,
      schema: {
        tags,
        summary: 'Run a function with test arguments: result or error, console output and duration, recorded as a Task',
        description:
          '200 whether the function succeeded or failed (`ok`). 400 `{args: [...]}` when the arguments do not match the definition’s schema, ' +
          '400 `{detail}` when the function has no code or is flagged by the rules check.',
        security,
        body: runFunctionRequestSchema,
        response: { 200: runFunctionResponseSchema },
      },
      preValidation: async (request) => {
        const args = (request.body as { args?: unknown } | undefined)?.args;
        if (args !== undefined && Buffer.byteLength(JSON.stringify(args)) > FUNCTION_ARGS_MAX_BYTES) {
          throw AppError.fields({ args: [`Keep the test arguments under ${FUNCTION_ARGS_MAX_BYTES / 1024} KB.`] });
        }
      },
    },
    async (request) => (await runFunctionNow(ctx, viewerOf(request).email, request.body)) as never,
  );

  app.post(
    '/functions/delete/',
    {
      schema: {
        tags,
        summary: 'Delete a function and unlink it from every assistant',
        security,
        body: functionIdRequestSchema,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => deleteFunction(ctx, viewerOf(request).email, request.body.id),
  );
}
