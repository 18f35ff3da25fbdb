import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { fieldName, findInputProblem } from '../lib/input-sanity';
import { runInScope } from '../lib/request-scope';

/**
 * Every REST request, before its route validates or reads anything: strings Postgres cannot store
 * and values nested too deeply are refused with a 400 naming the field (lib/input-sanity.ts), so no
 * route, signed-in or public, can turn them into a 500. Each request also runs in its own scope
 * (lib/request-scope.ts): database work takes turns between accounts, and every line it logs names
 * the request's id.
 */
export function registerInputChecks(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => runInScope(`address:${request.ip}`, done, { requestId: request.id }));
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.ownInputChecks) return;
    // Path parameters and query strings come in objects of Fastify's own making: their entries are the client's.
    const own = (part: unknown) => (part && typeof part === 'object' ? { ...part } : part);
    for (const part of [own(request.params), own(request.query), request.body]) {
      const problem = findInputProblem(part);
      if (problem) throw AppError.fields({ [fieldName(problem.path)]: [problem.message] });
    }
  });
}
