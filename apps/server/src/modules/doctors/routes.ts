import {
  adminDoctorSchema,
  createDoctorResponseSchema,
  createDoctorSchema,
  doctorListQuerySchema,
  doctorPageSchema,
  idParamSchema,
  updateDoctorSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as doctors from './service';

const tags = ['admin: doctors'];
const config = { access: ['admin'] as const };

export async function doctorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/doctors',
    { schema: { tags, querystring: doctorListQuerySchema, response: { 200: doctorPageSchema } }, config },
    async (request) => doctors.listDoctors(request.ctx, request.query),
  );

  // A doctor is created at a path of its own, not by a POST to the list's path; kept as it is.
  app.post(
    '/api/admin/create/doctor',
    { schema: { tags, body: createDoctorSchema, response: { 201: createDoctorResponseSchema } }, config },
    async (request, reply) => reply.code(201).send(await doctors.createDoctor(request.ctx, request.body)),
  );

  app.patch(
    '/api/admin/doctors/:id',
    {
      schema: { tags, params: idParamSchema, body: updateDoctorSchema, response: { 200: adminDoctorSchema } },
      config,
    },
    async (request) => doctors.updateDoctor(request.ctx, request.params.id, request.body),
  );
}
