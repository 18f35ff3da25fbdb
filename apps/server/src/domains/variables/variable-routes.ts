import {
  VARIABLES_PAGE_SIZE,
  variableIdParamsSchema,
  variableListQuerySchema,
  variablePageSchema,
  variableRequestSchema,
  variableSchema,
} from '@aisle/contracts/functions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { createVariable, deleteVariable, getVariable, listVariables, updateVariable, type VariableChanges } from './manage-variables';
import { variablesContext } from './variables-context';

const security = [{ bearerAuth: [] }];
const tags = ['Variables'];

/**
 * Fields of the answer a client may send back (e.g. a PUT of what GET returned): accepted and
 * ignored, since the owner comes from the token and the rest from the row. Any other unknown field
 * is refused, so a typo ("secrte") cannot silently store a secret in plain text.
 */
const echoedFields = ['id', 'ownerEmail', 'createdAt', 'updatedAt', 'maskedValue'];

function refuseUnknownFields<T extends z.ZodRawShape>(shape: T) {
  const known = new Set([...Object.keys(shape), ...echoedFields]);
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((body, ctx) => {
      for (const key of Object.keys(body)) if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown field.' });
    });
}

const { name, value, secret } = variableRequestSchema.shape;
const createBody = refuseUnknownFields({ name, value, secret });
// PUT is the whole variable: `secret` too, so a new secret value sent without it is refused
// rather than stored in plain text through the create default (false).
const replaceBody = refuseUnknownFields({ name, value, secret: z.boolean() });
// Not the contract's variablePatchSchema: its `secret` keeps the default false, so a PATCH of only
// the name would turn a secret plain.
const patchBody = refuseUnknownFields({ name: name.optional(), value: value.optional(), secret: z.boolean().optional() });

const pick = (body: VariableChanges): VariableChanges => ({ name: body.name, value: body.value, secret: body.secret });

/** The signed-in user's variables (spec §7 Variables), mounted under `/api` by app.ts. REST only. */
export async function variableRoutes(fastify: FastifyInstance) {
  const ctx = variablesContext(fastify.services);
  // Before body validation: a caller who is not signed in learns nothing about the request shape (DRF order).
  fastify.addHook('onRequest', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request).email;

  app.get(
    '/variables/',
    {
      schema: {
        tags,
        summary: `Your variables, newest first, ${VARIABLES_PAGE_SIZE} per page`,
        description:
          '`?page=N` (or `last`); a page outside the list is 404 `{"detail": "Invalid page."}`. Secrets show only `maskedValue`.',
        security,
        querystring: variableListQuerySchema,
        response: { 200: variablePageSchema },
      },
    },
    async (request) => listVariables(ctx, { ownerEmail: owner(request), page: request.query.page }),
  );

  app.post(
    '/variables/',
    {
      schema: {
        tags,
        summary: 'Create a variable (secret values are stored encrypted and never shown again)',
        description: 'Names are unique per owner: a taken name is 400 `{"name": [...]}`.',
        security,
        body: createBody,
        response: { 201: variableSchema },
      },
    },
    async (request, reply) => {
      const { name, value, secret } = request.body;
      return reply.status(201).send(await createVariable(ctx, { ownerEmail: owner(request), name, value, secret }));
    },
  );

  const idSchema = { tags, security, params: variableIdParamsSchema };
  const notFound = 'Unknown ids and other users’ variables are 404 `{"detail": "Not found."}`.';

  app.get(
    '/variables/:id/',
    { schema: { ...idSchema, summary: 'One variable', description: notFound, response: { 200: variableSchema } } },
    async (request) => getVariable(ctx, { ownerEmail: owner(request), id: request.params.id }),
  );

  app.put(
    '/variables/:id/',
    {
      schema: {
        ...idSchema,
        summary: 'Replace a variable (name, value and secret)',
        description: notFound,
        body: replaceBody,
        response: { 200: variableSchema },
      },
    },
    async (request) => updateVariable(ctx, { ownerEmail: owner(request), id: request.params.id, changes: pick(request.body) }),
  );

  app.patch(
    '/variables/:id/',
    {
      schema: {
        ...idSchema,
        summary: 'Change any of name, value and secret',
        description: `Making a secret not secret needs its \`value\` in the same request. ${notFound}`,
        body: patchBody,
        response: { 200: variableSchema },
      },
    },
    async (request) => updateVariable(ctx, { ownerEmail: owner(request), id: request.params.id, changes: pick(request.body) }),
  );

  app.delete(
    '/variables/:id/',
    { schema: { ...idSchema, summary: 'Delete a variable', description: notFound } },
    async (request, reply) => {
      await deleteVariable(ctx, { ownerEmail: owner(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
}
