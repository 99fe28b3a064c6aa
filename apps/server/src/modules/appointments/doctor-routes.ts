import {
  bookingPatientsSchema,
  calendarQuerySchema,
  calendarSchema,
  createDoctorAppointmentSchema,
  createdDoctorAppointmentSchema,
  DOCTOR_EVENTS_PATH,
  doctorAppointmentPageSchema,
  doctorAppointmentResponseSchema,
  doctorAppointmentsQuerySchema,
  doctorDashboardSchema,
  idParamSchema,
  moveAppointmentSchema,
  triagePatientQuerySchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { doctorsOwn } from '../../plugins/events';
import { doctorCalendar } from './calendar';
import * as doctorDay from './doctor-service';

const tags = ['doctor appointments'];

/** The doctor's dashboard and appointments; status changes go through PATCH /api/appointments/:id/status. */
export async function doctorAppointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/dashboard',
    { schema: { tags, response: { 200: doctorDashboardSchema } }, config: { access: ['doctor'] } },
    async (request) => doctorDay.doctorDashboard(request.ctx),
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
    async (request) => doctorDay.listDoctorAppointments(request.ctx, request.query),
  );

  app.get(
    '/api/doctor/appointments/patients',
    {
      schema: { tags, querystring: triagePatientQuerySchema, response: { 200: bookingPatientsSchema } },
      config: { access: ['doctor'] },
    },
    async (request) => ({
      data: await doctorDay.findBookingPatients(request.ctx, request.query.q, request.query.limit),
    }),
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
      reply.code(201).send(await doctorDay.createDoctorAppointment(request.ctx, request.body)),
  );

  app.get(
    '/api/doctor/appointments/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: doctorAppointmentResponseSchema } },
      config: { access: ['doctor'] },
    },
    async (request) => ({
      appointment: await doctorDay.getDoctorAppointment(request.ctx, request.params.id),
    }),
  );

  app.get(
    '/api/doctor/calendar',
    {
      schema: {
        tags,
        summary: 'My appointments, working hours and free slots over 1 to 7 days',
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
      },
      config: { access: ['doctor'] },
    },
    async (request) => doctorCalendar(request.ctx, request.query),
  );

  app.post(
    '/api/doctor/appointments/:id/move',
    {
      schema: {
        tags,
        summary: 'Move my appointment to another free time',
        params: idParamSchema,
        body: moveAppointmentSchema,
        response: { 200: doctorAppointmentResponseSchema },
      },
      config: { access: ['doctor'] },
    },
    async (request) => ({
      appointment: await doctorDay.moveDoctorAppointment(request.ctx, request.params.id, request.body),
    }),
  );

  app.get(
    DOCTOR_EVENTS_PATH,
    {
      schema: {
        tags,
        summary: 'Server-Sent Events: changes of my appointments, lab orders and dispensed prescriptions',
      },
      config: { access: ['doctor'] },
    },
    async (request, reply) => app.events.stream(request, reply, doctorsOwn(currentUser(request).id)),
  );
}
