import {
  appointmentPageSchema,
  appointmentResponseSchema,
  appointmentStatusChangeSchema,
  createAppointmentSchema,
  idParamSchema,
  moveAppointmentSchema,
  patientAppointmentsQuerySchema,
  patientCancelSchema,
  patientSummarySchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as appointments from './service';

const tags = ['appointments'];

/** The patient's dashboard summary and appointments, and staff status changes. */
export async function appointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/patient/summary',
    { schema: { tags, response: { 200: patientSummarySchema } }, config: { access: ['patient'] } },
    async (request) => appointments.patientSummary(request.ctx),
  );

  app.get(
    '/api/patient/appointments',
    {
      schema: { tags, querystring: patientAppointmentsQuerySchema, response: { 200: appointmentPageSchema } },
      config: { access: ['patient'] },
    },
    async (request) => appointments.listPatientAppointments(request.ctx, request.query),
  );

  app.post(
    '/api/patient/appointments',
    {
      schema: { tags, body: createAppointmentSchema, response: { 201: appointmentResponseSchema } },
      config: { access: ['patient'] },
    },
    async (request, reply) => {
      const appointment = await appointments.bookAppointment(request.ctx, request.body);
      return reply.code(201).send({ appointment });
    },
  );

  app.get(
    '/api/patient/appointments/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: appointmentResponseSchema } },
      config: { access: ['patient'] },
    },
    async (request) => ({
      appointment: await appointments.getPatientAppointment(request.ctx, request.params.id),
    }),
  );

  app.post(
    '/api/patient/appointments/:id/cancel',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: patientCancelSchema,
        response: { 200: appointmentResponseSchema },
      },
      config: { access: ['patient'] },
    },
    async (request) => ({
      appointment: await appointments.cancelPatientAppointment(
        request.ctx,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/patient/appointments/:id/move',
    {
      schema: {
        tags,
        summary: 'Move my appointment to another free time of the same doctor',
        params: idParamSchema,
        body: moveAppointmentSchema,
        response: { 200: appointmentResponseSchema },
      },
      config: { access: ['patient'] },
    },
    async (request) => ({
      appointment: await appointments.movePatientAppointment(request.ctx, request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/appointments/:id/status',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: appointmentStatusChangeSchema,
        response: { 200: appointmentResponseSchema },
      },
      config: { access: ['doctor', 'admin'] },
    },
    async (request) => ({
      appointment: await appointments.changeAppointmentStatus(request.ctx, request.params.id, request.body),
    }),
  );
}
