import { type DemoRequestRow, demoRequestListQuerySchema, demoRequestPageSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoRequests } from '../../db/schema';
import { iso, matchingRows, orderBy, page, search } from '../../lib/list';

/** Schedule Demo requests from the landing page, listed for admins newest first. */
export async function demoRequestAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/demo-requests',
    {
      schema: {
        tags: ['admin: demo requests'],
        querystring: demoRequestListQuerySchema,
        response: { 200: demoRequestPageSchema },
      },
      config: { access: ['admin'] },
    },
    async (request) => {
      const query = request.query;
      const where = search(query.q, [demoRequests.name, demoRequests.email, demoRequests.organisation]);
      return page(
        app,
        query,
        ({ limit, offset }) =>
          app.db
            .select()
            .from(demoRequests)
            .where(where)
            .orderBy(
              ...orderBy(
                { ...query, sort: 'createdAt' },
                { createdAt: demoRequests.createdAt },
                [],
                demoRequests.id,
              ),
            )
            .limit(limit)
            .offset(offset),
        matchingRows(app.db).from(demoRequests).where(where),
        (row): DemoRequestRow => ({ ...row, createdAt: iso(row.createdAt) }),
      );
    },
  );
}
