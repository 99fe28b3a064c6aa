import {
  createDoctorAppointmentSchema,
  createdDoctorAppointmentSchema,
  doctorAppointmentPageSchema,
  doctorAppointmentResponseSchema,
  doctorAppointmentsQuerySchema,
  doctorDashboardSchema,
  idParamSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import * as doctorDay from './doctor-service';

const tags = ['doctor appointments'];

/** The doctor's dashboard and appointments; status changes go through PATCH /api/appointments/:id/status. */
export async function doctorAppointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/dashboard',
    { schema: { tags, response: { 200: doctorDashboardSchema } }, config: { access: ['doctor'] } },
    async (request) => doctorDay.doctorDashboard(request.ctx, currentUser(request).id),
  );

  app.get(
    '/api/doctor/appointments',
    {
      schema: {
        tags,
        querystring: doctorAppointmentsQuerySchema,
        response: { 200: doctorAppointmentPageSchema },
      },
      config: { access: ['doctor'] },
    },
    async (request) => doctorDay.listDoctorAppointments(request.ctx, currentUser(request).id, request.query),
  );

  app.post(
    '/api/doctor/appointments',
    {
      schema: {
        tags,
        body: createDoctorAppointmentSchema,
        response: { 201: createdDoctorAppointmentSchema },
      },
      config: { access: ['doctor'] },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await doctorDay.createDoctorAppointment(request.ctx, currentUser(request).id, request.body)),
  );

  app.get(
    '/api/doctor/appointments/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: doctorAppointmentResponseSchema } },
      config: { access: ['doctor'] },
    },
    async (request) => ({
      appointment: await doctorDay.getDoctorAppointment(
        request.ctx,
        currentUser(request).id,
        request.params.id,
      ),
    }),
  );
}
