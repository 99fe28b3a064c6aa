import {
  calendarQuerySchema,
  calendarSchema,
  deskAppointmentPageSchema,
  deskAppointmentSchema,
  deskAppointmentsQuerySchema,
  deskBookingSchema,
  idParamSchema,
  reassignAppointmentSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as desk from './admin-service';
import { deskCalendar } from './calendar';

const tags = ['admin: appointments'];
const config = { access: ['admin'] as const };

/** The front desk's appointments; confirm and cancel go through PATCH /api/appointments/:id/status. */
export async function adminAppointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/appointments',
    {
      schema: {
        tags,
        querystring: deskAppointmentsQuerySchema,
        response: { 200: deskAppointmentPageSchema },
      },
      config,
    },
    async (request) => desk.listDeskAppointments(request.ctx, request.query),
  );

  app.get(
    '/api/admin/appointments/calendar',
    {
      schema: {
        tags,
        summary: 'Every doctor: appointments, working hours and free slots over 1 to 7 days',
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
      },
      config,
    },
    async (request) => deskCalendar(request.ctx, request.query),
  );

  app.post(
    '/api/admin/appointments',
    { schema: { tags, body: deskBookingSchema, response: { 201: deskAppointmentSchema } }, config },
    async (request, reply) => reply.code(201).send(await desk.bookForPatient(request.ctx, request.body)),
  );

  app.post(
    '/api/admin/appointments/:id/reassign',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: reassignAppointmentSchema,
        response: { 200: deskAppointmentSchema },
      },
      config,
    },
    async (request) => desk.reassignAppointment(request.ctx, request.params.id, request.body),
  );
}
