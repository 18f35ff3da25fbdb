import {
  assistantIdBodySchema,
  caseFromConversationBodySchema,
  importTestSuiteBodySchema,
  markRightBodySchema,
  testCaseSchema,
  testCasesResponseSchema,
  testSuiteFileSchema,
} from '@aisle/contracts/test-suites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { caseFromConversation, exportSuite, generateSuite, importSuite, markRight } from './manage-cases';
import { startRun } from './run-suite';
import { createTestSuiteContext } from './test-suite-context';

const security = [{ bearerAuth: [] }];
const tags = ['Assistant test suite'];

/** An assistant's test suite (issue 35), mounted under `/api` by app.ts. Every call is the caller's own: another owner's assistant, thread or result is not found. */
export async function testSuiteRoutes(fastify: FastifyInstance) {
  const ctx = createTestSuiteContext(fastify.services);
  fastify.addHook('onRequest', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/assistant/test-suite/generate/',
    {
      schema: {
        tags,
        summary: "Write test questions from the assistant's knowledge",
        description:
          'For each FAQ section and policy a question as shoppers ask it, with the fact a right answer holds; for each product its price and an option or attribute; ' +
          'comparisons, follow-up pairs and questions the store cannot answer. In the store’s language, offline. Questions the suite already has are skipped. Returns the created cases.',
        security,
        body: assistantIdBodySchema,
        response: { 201: testCasesResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await generateSuite(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/assistant/test-suite/run/',
    {
      schema: {
        tags,
        summary: "Run the assistant's test suite",
        description:
          'Starts a run of every enabled case as a durable job and returns its id; a run still going is returned instead of a second one. ' +
          'Progress and results are live on the data API (TestRun, TestResult). A paid model’s answers are charged like any turn.',
        security,
        body: assistantIdBodySchema,
        response: { 202: z.object({ runId: z.string() }) },
      },
    },
    async (request, reply) => {
      const { runId } = await startRun(ctx, {
        ownerEmail: viewerOf(request).email,
        assistantId: request.body.assistantId,
        trigger: 'manual',
      });
      return reply.status(202).send({ runId });
    },
  );

  app.post(
    '/assistant/test-suite/export/',
    {
      schema: {
        tags,
        summary: 'The test suite as a JSON file',
        security,
        body: assistantIdBodySchema,
        response: { 200: testSuiteFileSchema },
      },
    },
    async (request) => exportSuite(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
  );

  app.post(
    '/assistant/test-suite/import/',
    {
      schema: {
        tags,
        summary: 'Add the cases of an exported suite to an assistant',
        security,
        body: importTestSuiteBodySchema,
        response: { 201: testCasesResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await importSuite(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/assistant/test-suite/from-conversation/',
    {
      schema: {
        tags,
        summary: 'Add the latest question of a conversation, with the answer it got, as a case',
        security,
        body: caseFromConversationBodySchema,
        response: { 201: testCaseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await caseFromConversation(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/assistant/test-suite/mark-right/',
    {
      schema: {
        tags,
        summary: 'Mark a result’s answer as right',
        description:
          'The case keeps this answer (the same answer passes in later runs); the result passes now and its run’s counts follow.',
        security,
        body: markRightBodySchema,
        response: { 200: z.object({ resultId: z.string(), passed: z.boolean() }) },
      },
    },
    async (request) => markRight(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
  );
}
