import {
  analyticsSchema,
  inpatientAnalyticsQuerySchema,
  inpatientAnalyticsSchema,
  labAnalyticsSchema,
  statsSchema,
  summarySchema,
  targetWaitSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inpatientAnalytics } from './inpatient';
import { labAnalytics } from './lab';
import * as figures from './service';

const tags = ['admin: analytics'];
const config = { access: ['admin'] as const };

/** Admin Dashboard, Operational Analytics (and its target wait setting) and admin stats. */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/summary',
    { schema: { tags, response: { 200: summarySchema } }, config },
    async (request) => figures.summary(request.ctx),
  );
  app.get(
    '/api/admin/analytics',
    { schema: { tags, response: { 200: analyticsSchema } }, config },
    async (request) => figures.analytics(request.ctx),
  );
  app.get(
    '/api/admin/analytics/inpatient',
    {
      schema: {
        tags,
        querystring: inpatientAnalyticsQuerySchema,
        response: { 200: inpatientAnalyticsSchema },
      },
      config,
    },
    async (request) => inpatientAnalytics(request.ctx, request.query.days),
  );
  app.get(
    '/api/admin/analytics/lab',
    {
      schema: {
        tags,
        // The same periods as the inpatient figures: the page has one period for both.
        querystring: inpatientAnalyticsQuerySchema,
        response: { 200: labAnalyticsSchema },
      },
      config,
    },
    async (request) => labAnalytics(request.ctx, request.query.days),
  );
  app.put(
    '/api/admin/settings/target-wait',
    { schema: { tags, body: targetWaitSchema, response: { 200: targetWaitSchema } }, config },
    async (request) => figures.saveTargetWait(request.ctx, request.body.targetWaitMin),
  );
  app.get('/api/admin/stats', { schema: { tags, response: { 200: statsSchema } }, config }, async (request) =>
    figures.stats(request.ctx),
  );
}
