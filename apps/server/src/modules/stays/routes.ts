import {
  admitSchema,
  arriveSchema,
  completeDischargeSchema,
  freeBedListSchema,
  idParamSchema,
  planAdmissionSchema,
  stayIdParamSchema,
  stayIdSchema,
  staySchema,
  transferSchema,
  WARD_ROLES,
  wardBoardSchema,
  wardIdParamSchema,
  wardListSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allWards, freeBeds, makeBedReady } from '../beds';
import { admit, arrive, cancelPlanned, planAdmission } from './admission';
import { wardBoard } from './board';
import { completeDischarge, transfer } from './movement';
import { getStay } from './read';

const tags = ['wards: stays'];
const onWards = { access: WARD_ROLES };
/** Admitting is the doctor's decision or the desk's booking; nurses move and discharge. */
const admitting = { access: ['admin', 'doctor'] as const };
const idOf = async (id: Promise<string>) => ({ id: await id });

export async function stayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/wards',
    { schema: { tags, response: { 200: wardListSchema } }, config: onWards },
    async (request) => ({ data: await allWards(request.ctx) }),
  );
  app.get(
    '/api/wards/free-beds',
    { schema: { tags, response: { 200: freeBedListSchema } }, config: onWards },
    async (request) => freeBeds(request.ctx),
  );
  app.get(
    '/api/wards/:wardId/board',
    { schema: { tags, params: wardIdParamSchema, response: { 200: wardBoardSchema } }, config: onWards },
    async (request) => wardBoard(request.ctx, request.params.wardId),
  );
  app.post(
    '/api/beds/:id/ready',
    { schema: { tags, params: idParamSchema, response: { 200: stayIdSchema } }, config: onWards },
    async (request) => {
      const bed = await makeBedReady(request.ctx, request.params.id);
      await request.ctx.publish('wards');
      return { id: bed.id };
    },
  );

  app.post(
    '/api/stays',
    { schema: { tags, body: admitSchema, response: { 201: stayIdSchema } }, config: admitting },
    async (request, reply) => reply.code(201).send(await idOf(admit(request.ctx, request.body))),
  );
  app.post(
    '/api/stays/planned',
    { schema: { tags, body: planAdmissionSchema, response: { 201: stayIdSchema } }, config: admitting },
    async (request, reply) => reply.code(201).send(await idOf(planAdmission(request.ctx, request.body))),
  );
  app.get(
    '/api/stays/:stayId',
    { schema: { tags, params: stayIdParamSchema, response: { 200: staySchema } }, config: onWards },
    async (request) => getStay(request.ctx, request.params.stayId),
  );
  app.post(
    '/api/stays/:stayId/admit',
    {
      schema: { tags, params: stayIdParamSchema, body: arriveSchema, response: { 200: stayIdSchema } },
      config: onWards,
    },
    async (request) => idOf(arrive(request.ctx, request.params.stayId, request.body)),
  );
  app.post(
    '/api/stays/:stayId/cancel',
    { schema: { tags, params: stayIdParamSchema, response: { 200: stayIdSchema } }, config: admitting },
    async (request) => idOf(cancelPlanned(request.ctx, request.params.stayId)),
  );
  app.post(
    '/api/stays/:stayId/transfer',
    {
      schema: { tags, params: stayIdParamSchema, body: transferSchema, response: { 200: stayIdSchema } },
      config: onWards,
    },
    async (request) => idOf(transfer(request.ctx, request.params.stayId, request.body)),
  );
  app.post(
    '/api/stays/:stayId/discharge',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: completeDischargeSchema,
        response: { 200: stayIdSchema },
      },
      config: { access: ['admin', 'nurse'] as const },
    },
    async (request) => idOf(completeDischarge(request.ctx, request.params.stayId, request.body)),
  );
}
