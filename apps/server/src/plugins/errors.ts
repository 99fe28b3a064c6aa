import type { ApiError } from '@carepoint/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isFhirPath } from '../lib/api-paths';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { AppError, RateLimitedError } from '../lib/errors';
import { FHIR_CONTENT_TYPE, operationOutcome } from '../modules/fhir';

/** A 5xx says nothing of its cause; the log has it (redacted). */
const INTERNAL: ApiError = { error: 'Internal server error', code: 'INTERNAL' };
/** The database server is down or restarting: the client may retry shortly (a load balancer too). */
const UNAVAILABLE: ApiError = {
  error: 'The service is briefly unavailable; try again in a few seconds',
  code: 'UNAVAILABLE',
};
const RETRY_AFTER_SECONDS = '5';

/** Turns every failure into the one error shape `{ error, code, fieldErrors? }`. */
async function errorHandlingPlugin(app: FastifyInstance) {
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).send(UNAVAILABLE);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(INTERNAL);
    }
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status >= 500 ? status : 500).send(INTERNAL);
    }
    return reply.code(status).send(requestError(error.code, status));
  });
}

const TOO_LARGE: ApiError = {
  error: 'The request body is too large (at most 1 MB)',
  code: 'PAYLOAD_TOO_LARGE',
};
export const NOT_JSON: ApiError = {
  error: 'Send the request body as JSON (Content-Type: application/json)',
  code: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Fastify's own refusals of a request it could not read, in our words and codes (never FST_ERR_*). */
const FASTIFY_REFUSALS: Record<string, ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { error: 'The request body is not valid JSON', code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    error: 'The request body is empty; send a JSON object',
    code: 'INVALID_JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: NOT_JSON,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    error: 'The request body does not match its Content-Length',
    code: 'BAD_REQUEST',
  },
  FST_ERR_BAD_URL: { error: 'The address is not valid', code: 'BAD_REQUEST' },
};

/** Any other 4xx that did not come from our code, by its status alone. */
const REFUSALS_BY_STATUS: Record<number, ApiError> = {
  404: { error: 'Not found', code: 'NOT_FOUND' },
  405: { error: 'This method is not allowed here', code: 'METHOD_NOT_ALLOWED' },
  413: TOO_LARGE,
  414: { error: 'The address is too long', code: 'URI_TOO_LONG' },
  415: NOT_JSON,
  431: { error: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' },
};

const requestError = (fastifyCode: string | undefined, status: number): ApiError =>
  (fastifyCode ? FASTIFY_REFUSALS[fastifyCode] : undefined) ??
  REFUSALS_BY_STATUS[status] ?? { error: 'The request could not be read', code: 'BAD_REQUEST' };

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, a path parameter
 * over its length limit) is refused before any hook runs, so this answer sets no-store itself.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  reply.header('Cache-Control', 'no-store');
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const answer = status >= 500 ? INTERNAL : requestError(error.code, status);
  // The FHIR API answers in FHIR's shape, even for an address it could not route.
  if (isFhirPath(request.url)) {
    return reply
      .code(status >= 500 ? 500 : status)
      .type(FHIR_CONTENT_TYPE)
      .send(
        operationOutcome(
          status >= 500 ? 'fatal' : 'error',
          status >= 500 ? 'exception' : 'invalid',
          answer.error,
        ),
      );
  }
  return reply.code(status >= 500 ? 500 : status).send(answer);
}

export default fp(errorHandlingPlugin, { name: 'errors' });
