import { authorizeQuerySchema } from '@carepoint/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FHIR_BASE_PATH } from '../../lib/api-paths';
import { AppError } from '../../lib/errors';
import { checkAuthorization, RedirectableError } from './authorize';
import { publicKeySet } from './id-token';
import { OAuthError } from './oauth-error';
import { corsPreflight, OAUTH_PATHS } from './smart-configuration';
import { type TokenForm, tokenRequest } from './tokens';

/** The page of the web app that signs the user in and asks for consent. */
const CONSENT_PAGE = '/authorize';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const FORM_LIMIT = 64 * 1024;

/** The form's parameters; a parameter sent twice is invalid_request (RFC 6749 §3.2). */
function parseForm(body: string): TokenForm {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (name in form) throw new OAuthError('invalid_request', `${name} is repeated`);
    form[name] = value;
  }
  return form;
}

/** Token endpoint failures as RFC 6749 §5.2 writes them. */
function answerOAuthError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const oauth =
    error instanceof OAuthError
      ? error
      : error instanceof AppError && error.statusCode < 500
        ? new OAuthError('invalid_request', error.message)
        : 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500
          ? new OAuthError('invalid_request', 'The request could not be read')
          : undefined;
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  if (!oauth) {
    request.log.error({ err: error }, 'token request failed');
    return reply.code(500).send({ error: 'server_error', error_description: 'Internal server error' });
  }
  if (oauth.statusCode === 401) {
    const basic = request.headers.authorization?.startsWith('Basic ');
    reply.header('WWW-Authenticate', basic ? 'Basic realm="CarePoint"' : 'Bearer realm="CarePoint"');
  }
  return reply.code(oauth.statusCode).send({ error: oauth.error, error_description: oauth.description });
}

/**
 * The OAuth endpoints speak OAuth (form bodies, RFC 6749's errors, redirects), not this API's
 * JSON: they stay out of the OpenAPI document. The SMART discovery document names them, and
 * docs/fhir.md describes them.
 */
const OAUTH_ROUTE = { schema: { hide: true }, config: { access: 'public' as const } };

/**
 * Apps call the token endpoint and the FHIR API from their own origins (a browser app's fetch):
 * both answer CORS for any origin. No cookie rides along (credentials are never allowed), so a
 * page elsewhere can use only a token it was given.
 */
function registerCors(app: FastifyInstance) {
  const corsPath = (url: string) =>
    url.startsWith('/fhir/') || url.startsWith('/oauth/token') || url.startsWith('/oauth/jwks');
  app.addHook('onRequest', async (request, reply) => {
    if (!corsPath(request.url)) return;
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'WWW-Authenticate, Content-Location, Location');
  });
  // The FHIR API's own preflight and discovery are the FHIR plugin's (they answer as FHIR does).
  app.options(OAUTH_PATHS.token, OAUTH_ROUTE, corsPreflight);
}

/**
 * CarePoint as an OAuth 2 authorization server for its FHIR API (SMART App Launch 2, decision
 * 0020): discovery, the authorization endpoint (which hands over to the web app's sign-in and
 * consent page), the token endpoint and the id_token key.
 */
async function oauthPlugin(app: FastifyInstance) {
  const fhirBase = `${app.config.publicUrl}${FHIR_BASE_PATH}`;
  const tokenUrl = `${app.config.publicUrl}${OAUTH_PATHS.token}`;
  registerCors(app);

  app.get(OAUTH_PATHS.jwks, OAUTH_ROUTE, async () => publicKeySet(app.db, app.now()));

  // Problems with the app or its redirect URI stay here (the consent page shows them); the rest go to the app.
  app.get<{ Querystring: Record<string, string | string[]> }>(
    OAUTH_PATHS.authorize,
    OAUTH_ROUTE,
    async (request, reply) => {
      const parsed = authorizeQuerySchema.safeParse(request.query);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '').toString();
      if (parsed.success) {
        try {
          await checkAuthorization(request.ctx, parsed.data, fhirBase);
        } catch (error) {
          if (error instanceof RedirectableError) return reply.redirect(error.redirectTo, 302);
          if (!(error instanceof AppError)) throw error;
        }
      }
      return reply.redirect(`${CONSENT_PAGE}?${query}`, 302);
    },
  );

  await app.register(async (tokens) => {
    tokens.setErrorHandler(answerOAuthError);
    tokens.removeAllContentTypeParsers();
    tokens.addContentTypeParser(
      FORM_TYPE,
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => {
        try {
          done(null, parseForm(String(body)));
        } catch (error) {
          done(error instanceof Error ? error : new Error(String(error)), undefined);
        }
      },
    );
    tokens.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_LIMIT }, (_request, _body, done) =>
      done(new OAuthError('invalid_request', `The body must be ${FORM_TYPE}`), undefined),
    );
    tokens.post<{ Body: TokenForm | undefined }>(OAUTH_PATHS.token, OAUTH_ROUTE, async (request, reply) => {
      if (!request.body) throw new OAuthError('invalid_request', `The body must be ${FORM_TYPE}`);
      const answer = await tokenRequest(request.ctx, request.body, request.headers.authorization, {
        fhirBase,
        tokenUrl,
      });
      return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(answer);
    });
  });
}

/** Not encapsulated: the CORS hook must reach the FHIR API's routes too. */
export const oauthRoutes = fp(oauthPlugin, { name: 'oauth' });
