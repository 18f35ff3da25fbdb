import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, appErrorFromDatabase } from '../lib/app-error';

const REQUIRED = 'This field is required.';

/**
 * Maps every failure to the error shape of the spec's catalogue (`{"detail": ...}` or DRF-style
 * field errors) with the right status. 5xx bodies are generic; the details go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal while the process shuts down is expected, not a failure to log.
      if (error.status >= 500 && error.code !== 'UNAVAILABLE') request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Field names come from the client's body (an unknown field is named as sent): a Map, so
      // `toString` or `__proto__` are names like any other, not the prototype's members.
      const fields = new Map<string, string[]>();
      let bodyMissing = false;
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = issue.message ?? 'Invalid value.';
        const missing = /received undefined/.test(message);
        // Fastify hands a POST without any body to validation as null, not undefined.
        if (!field && (missing || /received null/.test(message))) bodyMissing = true;
        const key = field || 'non_field_errors';
        fields.set(key, [...(fields.get(key) ?? []), missing ? REQUIRED : humanize(message)]);
      }
      if (bodyMissing) return reply.status(400).send({ detail: 'A request body is required.' });
      return reply.status(400).send(Object.fromEntries(fields));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ detail: 'Request body is too large.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ detail: 'A request body is required.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send({ detail: 'JSON parse error: the request body is not valid JSON.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const detail = error.message || 'Request was throttled.';
      // The data API answers in GraphQL's shape, so its clients read the reason where they look.
      if (request.routeOptions.url === '/graphql')
        return reply.status(429).send({ errors: [{ message: detail, extensions: { code: 'RATE_LIMITED' } }] });
      return reply.status(429).send({ detail });
    }
    if (status >= 400 && status < 500) {
      if (error instanceof SyntaxError) return reply.status(400).send({ detail: 'JSON parse error: the request body is not valid JSON.' });
      return reply.status(status).send({ detail: error.message });
    }
    const fromDatabase = appErrorFromDatabase(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'the database refused a request');
      return reply.status(fromDatabase.status).send(fromDatabase.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error.' });
  });
}

function humanize(message: string): string {
  const text = message.replace(/^Invalid input: /, '');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
