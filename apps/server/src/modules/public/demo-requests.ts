import {
  type DemoRequestRow,
  demoRequestListQuerySchema,
  demoRequestPageSchema,
  type demoRequestSchema,
} from '@carepoint/contract';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { demoRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { iso, listPage, matchingRows, orderBy, search } from '../../lib/list';

type ListQuery = z.output<typeof demoRequestListQuerySchema>;

/** Stores a Schedule Demo request from the landing page, at the context's clock. */
export async function createDemoRequest(ctx: ServiceContext, input: z.output<typeof demoRequestSchema>) {
  const [row] = await ctx.db
    .insert(demoRequests)
    .values({ ...input, createdAt: ctx.now() })
    .returning({ id: demoRequests.id });
  if (!row) throw new Error('demo request not stored');
  return row;
}

/** Schedule Demo requests from the landing page, newest first. */
async function listDemoRequests(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = search(query.q, [demoRequests.name, demoRequests.email, demoRequests.organisation]);
  return listPage(ctx, query, {
    rows: (select) => select(getTableColumns(demoRequests)).from(demoRequests).where(where),
    order: orderBy(
      { ...query, sort: 'createdAt' },
      { createdAt: demoRequests.createdAt },
      [],
      demoRequests.id,
    ),
    count: matchingRows(db).from(demoRequests).where(where),
    map: (row): DemoRequestRow => ({ ...row, createdAt: iso(row.createdAt) }),
  });
}

/** The admins' list of demo requests. */
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
    async (request) => listDemoRequests(request.ctx, request.query),
  );
}
