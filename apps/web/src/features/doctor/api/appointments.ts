import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentStatusChange,
  type BookingPatient,
  CALENDAR_MESSAGES,
  type Calendar,
  type CalendarQuery,
  type CreateDoctorAppointmentInput,
  type CreatedDoctorAppointment,
  DOCTOR_APPOINTMENT_MESSAGES,
  DOCTOR_EVENTS_PATH,
  type DoctorAppointmentDetail,
  type DoctorAppointmentPage,
  type DoctorDashboard,
  type MoveAppointmentInput,
  type SlotsResponse,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientSearchAt } from '@/components/form/patient-picker';
import { api } from '@/lib/api-client';
import { answersField } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * The doctor's day: dashboard, appointments by period, one appointment, the Add new
 * Appointment dialog and status changes. Keys start with 'doctor-appointments', so a booking
 * or a status change refreshes the dashboard, the list and the detail together.
 */

/** The doctor's calendar over a day or a week: appointments, hours and free slots. */
export function useDoctorCalendar(range: CalendarQuery) {
  return useQuery({
    queryKey: queryKeys.doctor.appointments.calendar(range),
    queryFn: ({ signal }) =>
      api.get<Calendar>(
        `/doctor/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CALENDAR_MESSAGES.loadFailed },
  });
}

/**
 * Moves one of the doctor's appointments. From the Move form a refusal goes under its field;
 * from a drag (`inForm` false) its toast gives the server's reason.
 */
export function useMoveDoctorAppointment(inForm = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveAppointmentInput }) =>
      api.post<{ appointment: DoctorAppointmentDetail }>(`/doctor/appointments/${id}/move`, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.doctor.appointments.all }),
        client.invalidateQueries({ queryKey: queryKeys.booking.all }),
      ]),
    meta: {
      errorMessage: APPOINTMENT_MESSAGES.moveFailed,
      shownInline: answersField(inForm ? ['date', 'time'] : []),
    },
  });
}

/**
 * Keeps the doctor's screens live: a patient's booking, cancel or move of one of their
 * appointments (GET /api/doctor/events) refreshes the dashboard, the list and the calendar.
 */
export function useDoctorLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(DOCTOR_EVENTS_PATH, ['appointments'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.doctor.appointments.all });
  });
}

/** The dashboard's figures; refreshed every minute, as the waiting room changes. */
export function useDoctorDashboard() {
  return useQuery({
    queryKey: queryKeys.doctor.appointments.dashboard,
    queryFn: ({ signal }) => api.get<DoctorDashboard>('/doctor/dashboard', { signal }),
    refetchInterval: 60_000,
    meta: { errorMessage: DOCTOR_APPOINTMENT_MESSAGES.dashboardFailed },
  });
}

/** A page of the doctor's appointments for a query string (`?period&page&limit&sort&order&q`). */
export const doctorAppointmentsQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.appointments.list(queryString),
    queryFn: ({ signal }) => api.get<DoctorAppointmentPage>(`/doctor/appointments${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: APPOINTMENT_MESSAGES.loadFailed },
  });

export function useDoctorAppointment(id: string) {
  return useQuery({
    queryKey: queryKeys.doctor.appointments.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ appointment: DoctorAppointmentDetail }>(`/doctor/appointments/${id}`, { signal }))
        .appointment,
    // The page shows "not found" or the error in place.
    meta: { errorMessage: false },
  });
}

/** The doctor's own free slots on a date (the one availability rule); asked only once a date is chosen. */
export function useOwnSlots(doctorId: string, date: string) {
  return useQuery({
    queryKey: queryKeys.doctor.appointments.slots(doctorId, date),
    queryFn: ({ signal }) =>
      api.get<SlotsResponse>(`/doctors/${doctorId}/slots?date=${encodeURIComponent(date)}`, { signal }),
    enabled: Boolean(doctorId && date),
    // Patients book at any moment: re-check whenever the picker shows.
    staleTime: 0,
    // The time field's hint tells of the failure.
    meta: { errorMessage: false },
  });
}

/** Registered patients for the add dialog's Fullname box, with the fields choosing one fills in. */
export const bookingPatientSearch = patientSearchAt<BookingPatient>(
  '/doctor/appointments/patients',
  queryKeys.doctor.appointments.patients,
);

export function useAddAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDoctorAppointmentInput) =>
      api.post<CreatedDoctorAppointment>('/doctor/appointments', input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.appointments.all }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.createFailed },
  });
}

export function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: AppointmentStatusChange & { id: string }) =>
      api.patch<{ appointment: Appointment }>(`/appointments/${id}/status`, change),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.appointments.all }),
    meta: { errorMessage: DOCTOR_APPOINTMENT_MESSAGES.statusFailed },
  });
}
