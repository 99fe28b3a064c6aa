import { demoRequestSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoRequests } from '../../db/schema';
import { RateLimitedError } from '../../lib/errors';

const DEMO_REQUESTS_PER_IP_PER_HOUR = 10;

export async function publicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['public'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      config: { access: 'public' },
    },
    // What a load balancer needs, and no more: the database answers (else a 500), nothing about what it is.
    async () => {
      await app.db.execute('select 1');
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/public/demo-requests',
    {
      schema: { tags: ['public'], body: demoRequestSchema, response: { 201: z.object({ id: z.string() }) } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const hourMs = 3_600_000;
      if ((await app.limiter.hit(`demo:ip:${request.ip}`, hourMs)) > DEMO_REQUESTS_PER_IP_PER_HOUR) {
        throw new RateLimitedError(hourMs / 1000);
      }
      const [row] = await app.db.insert(demoRequests).values(request.body).returning({ id: demoRequests.id });
      if (!row) throw new Error('demo request not stored');
      return reply.code(201).send({ id: row.id });
    },
  );
}
