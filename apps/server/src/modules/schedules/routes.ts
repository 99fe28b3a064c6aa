import {
  anyDoctorSlotsSchema,
  doctorOptionsResponseSchema,
  doctorScheduleResponseSchema,
  idParamSchema,
  type Role,
  scheduleResponseSchema,
  scheduleSchema,
  slotsQuerySchema,
  slotsResponseSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as schedules from './service';

const tags = ['schedules'];
const SIGNED_IN: readonly Role[] = ['patient', 'doctor', 'admin'];

/** Doctors to book with, their free slots, and a doctor's own weekly schedule. */
export async function scheduleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctors/available',
    { schema: { tags, response: { 200: doctorOptionsResponseSchema } }, config: { access: SIGNED_IN } },
    async () => ({ data: await schedules.listBookableDoctors(app.db) }),
  );

  app.get(
    '/api/doctors/slots',
    {
      schema: { tags, querystring: slotsQuerySchema, response: { 200: anyDoctorSlotsSchema } },
      config: { access: SIGNED_IN },
    },
    async (request) => schedules.anyDoctorSlots(request.ctx, request.query.date),
  );

  app.get(
    '/api/doctors/:id/slots',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema },
      },
      config: { access: SIGNED_IN },
    },
    async (request) => schedules.slotsFor(request.ctx, request.params.id, request.query.date),
  );

  app.get(
    '/api/doctors/:id/schedule',
    {
      schema: { tags, params: idParamSchema, response: { 200: scheduleResponseSchema } },
      config: { access: SIGNED_IN },
    },
    async (request) => schedules.scheduleOf(request.ctx, request.params.id),
  );

  app.get(
    '/api/doctor/schedule',
    { schema: { tags, response: { 200: doctorScheduleResponseSchema } }, config: { access: ['doctor'] } },
    async (request) => schedules.myScheduleOf(request.ctx),
  );

  app.put(
    '/api/doctor/schedule',
    {
      schema: { tags, body: scheduleSchema, response: { 200: doctorScheduleResponseSchema } },
      config: { access: ['doctor'] },
    },
    async (request) => schedules.updateSchedule(request.ctx, request.body),
  );
}
