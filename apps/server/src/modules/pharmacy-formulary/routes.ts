import {
  activeMedicineListQuerySchema,
  idParamSchema,
  medicineListQuerySchema,
  medicinePageSchema,
  medicineSchema,
  medicineStatusSchema,
  saveMedicineSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as formulary from './service';

const adminTags = ['admin: formulary'];
const tags = ['pharmacy: formulary'];
const admin = { access: ['admin'] as const };
/** Staff who prescribe, give or dispense medicines read the active formulary. */
const staff = { access: ['admin', 'doctor', 'nurse', 'pharmacist'] as const };

export async function formularyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/medicines',
    {
      schema: {
        tags: adminTags,
        querystring: medicineListQuerySchema,
        response: { 200: medicinePageSchema },
      },
      config: admin,
    },
    async (request) => formulary.listMedicines(request.ctx, request.query),
  );

  app.get(
    '/api/admin/medicines/:id',
    { schema: { tags: adminTags, params: idParamSchema, response: { 200: medicineSchema } }, config: admin },
    async (request) => formulary.getMedicine(request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/medicines',
    {
      schema: { tags: adminTags, body: saveMedicineSchema, response: { 201: medicineSchema } },
      config: admin,
    },
    async (request, reply) => reply.code(201).send(await formulary.createMedicine(request.ctx, request.body)),
  );

  app.put(
    '/api/admin/medicines/:id',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: saveMedicineSchema,
        response: { 200: medicineSchema },
      },
      config: admin,
    },
    async (request) => formulary.updateMedicine(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/admin/medicines/:id/status',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: medicineStatusSchema,
        response: { 200: medicineSchema },
      },
      config: admin,
    },
    async (request) => formulary.setMedicineActive(request.ctx, request.params.id, request.body.active),
  );

  app.get(
    '/api/medicines',
    {
      schema: { tags, querystring: activeMedicineListQuerySchema, response: { 200: medicinePageSchema } },
      config: staff,
    },
    async (request) => formulary.listActiveMedicines(request.ctx, request.query),
  );

  app.get(
    '/api/medicines/:id',
    { schema: { tags, params: idParamSchema, response: { 200: medicineSchema } }, config: staff },
    async (request) => formulary.getActiveMedicine(request.ctx, request.params.id),
  );
}
