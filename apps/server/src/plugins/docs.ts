import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openApiTransforms } from '../api-docs/transforms';

/**
 * OpenAPI 3.1 document generated from the routes' Zod schemas (`app.swagger()`, always): register
 * it before any route, since it describes only those registered after it. 3.1, so the schemas
 * are JSON Schema 2020-12 as Zod writes them (`null` is a type: no `nullable`). What the Zod
 * schemas do not say (operationIds, summaries, tags, error responses) comes from ./openapi.ts.
 */
async function apiDocument(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CarePoint API',
        version: '0.1.0',
        description:
          'The API of the CarePoint app (`/api`) and its read-only FHIR R4 API (`/fhir/R4`). Programs sign in with `POST /api/auth/login` and send the `token` it answers as `Authorization: Bearer <token>`.',
      },
      servers: [{ url: '/', description: 'This CarePoint server' }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    ...openApiTransforms(),
  });
}

/** The document served at /api/docs/json, with a docs page at /api/docs, only when API_DOCS is on. */
async function apiDocsPage(app: FastifyInstance) {
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export const apiDocumentPlugin = fp(apiDocument, { name: 'api-document' });
export const apiDocsPagePlugin = fp(apiDocsPage, { name: 'api-docs-page' });
