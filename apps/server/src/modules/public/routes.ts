import { demoRequestSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDemoRequest } from './demo-requests';

const DEMO_REQUESTS_PER_ADDRESS_PER_HOUR = 10;

export async function publicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['public'],
        // What a load balancer needs, and no more: the database answers (else a 500), nothing about what it is.
        response: {
          200: z.object({ status: z.literal('ok') }),
          // A configured Redis is down: the instance works, with rate limits per instance.
          503: z.object({ status: z.literal('degraded') }),
        },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      await app.db.execute('select 1');
      if (app.rateLimits.isDegraded()) return reply.code(503).send({ status: 'degraded' as const });
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/public/demo-requests',
    {
      schema: { tags: ['public'], body: demoRequestSchema, response: { 201: z.object({ id: z.string() }) } },
      config: {
        access: 'public',
        rateLimit: { max: DEMO_REQUESTS_PER_ADDRESS_PER_HOUR, timeWindow: 3_600_000 },
      },
    },
    async (request, reply) => {
      const row = await createDemoRequest(request.ctx, request.body);
      return reply.code(201).send({ id: row.id });
    },
  );
}
