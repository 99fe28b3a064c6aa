import type { ApiError } from '@carepoint/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError } from '../lib/errors';

/** Turns every failure into the one error shape `{ error, code, fieldErrors? }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { error: error.message, code: error.code };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.code(error.statusCode).send(body);
    }
    if (error instanceof RateLimitedError) {
      return reply
        .code(429)
        .header('Retry-After', String(error.retryAfterSeconds))
        .type('text/plain; charset=utf-8')
        .send(error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message ?? 'Invalid input'];
      }
      const first = error.validation[0]?.message ?? 'Invalid input';
      return reply.code(400).send({ error: first, code: 'VALIDATION', fieldErrors } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Internal server error', code: 'INTERNAL' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: 'Internal server error', code: 'INTERNAL' } satisfies ApiError);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
    return reply
      .code(status)
      .send({ error: error.message, code: error.code ?? 'BAD_REQUEST' } satisfies ApiError);
  });
}
