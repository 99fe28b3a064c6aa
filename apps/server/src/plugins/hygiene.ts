import { findInvalidText, INVALID_TEXT_MESSAGE, isCleanText } from '@carepoint/contract';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { isApiPath } from '../lib/api-paths';
import { AppError } from '../lib/errors';

/*
 * Input and output hygiene for every request, decided here once rather than in each schema:
 * no string with a NUL character or an unpaired surrogate gets in (PostgreSQL text cannot
 * store the one, UTF-8 cannot encode the other), and no API answer is kept by a cache.
 */

/** The 400 in the one error shape, naming the field as validation failures do (`days.0.from`; `_` for the whole part). */
const invalidText = (field: string) =>
  new AppError(400, 'VALIDATION', INVALID_TEXT_MESSAGE, { [field]: [INVALID_TEXT_MESSAGE] });

const fieldName = (path: Array<string | number>) => path.join('.') || '_';

/**
 * Wraps the schema validator compiler: every body, querystring, params and headers part a
 * route validates is checked for clean text before its schema runs.
 */
function refusingInvalidText<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const path = findInvalidText(data);
      return path ? { error: invalidText(fieldName(path)) } : validate(data);
    };
  };
}

/**
 * Every request's headers (a session stores the user agent) follow the same rule; every API
 * answer says `Cache-Control: no-store`, as most carry patient data, unless its route sets
 * its own (a profile picture behind a versioned URL).
 */
async function hygienePlugin(app: FastifyInstance) {
  app.setValidatorCompiler(refusingInvalidText(validatorCompiler));
  // Synchronous (a throw refuses the request): no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    const { headers } = request;
    // Most values are single strings: checked directly, without the walk findInvalidText does
    // for nested values (a profile of the patients list counted this hook at 4% of its time).
    for (const name in headers) {
      const value = headers[name];
      if (typeof value === 'string' ? !isCleanText(value) : value !== undefined && findInvalidText(value))
        throw invalidText(name);
    }
    done();
  });
}

export default fp(hygienePlugin, { name: 'hygiene' });
