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
import { patientSearchAt } from '../../../components/form/patient-picker';
import { api } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking';
import { answersField } from '../../../lib/forms';
import { useEventStream } from '../../../lib/use-event-stream';

/*
 * The doctor's day: dashboard, appointments by period, one appointment, the Add new
 * Appointment dialog and status changes. Keys start with 'doctor-appointments', so a booking
 * or a status change refreshes the dashboard, the list and the detail together.
 */

const doctorAppointmentKeys = {
  all: ['doctor-appointments'] as const,
  dashboard: ['doctor-appointments', 'dashboard'] as const,
  list: (queryString: string) => ['doctor-appointments', 'list', queryString] as const,
  detail: (id: string) => ['doctor-appointments', 'detail', id] as const,
  slots: (doctorId: string, date: string) => ['doctor-appointments', 'slots', doctorId, date] as const,
  calendar: (range: CalendarQuery) => ['doctor-appointments', 'calendar', range.from, range.to] as const,
};

/** The doctor's calendar over a day or a week: appointments, hours and free slots. */
export function useDoctorCalendar(range: CalendarQuery) {
  return useQuery({
    queryKey: doctorAppointmentKeys.calendar(range),
    queryFn: () =>
      api.get<Calendar>(
        `/doctor/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
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
        client.invalidateQueries({ queryKey: doctorAppointmentKeys.all }),
        client.invalidateQueries({ queryKey: bookingKeys.all }),
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
    void client.invalidateQueries({ queryKey: doctorAppointmentKeys.all });
  });
}

/** The dashboard's figures; refreshed every minute, as the waiting room changes. */
export function useDoctorDashboard() {
  return useQuery({
    queryKey: doctorAppointmentKeys.dashboard,
    queryFn: () => api.get<DoctorDashboard>('/doctor/dashboard'),
    refetchInterval: 60_000,
    meta: { errorMessage: DOCTOR_APPOINTMENT_MESSAGES.dashboardFailed },
  });
}

/** A page of the doctor's appointments for a query string (`?period&page&limit&sort&order&q`). */
export const doctorAppointmentsQuery = (queryString: string) =>
  queryOptions({
    queryKey: doctorAppointmentKeys.list(queryString),
    queryFn: () => api.get<DoctorAppointmentPage>(`/doctor/appointments${queryString}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: APPOINTMENT_MESSAGES.loadFailed },
  });

export function useDoctorAppointment(id: string) {
  return useQuery({
    queryKey: doctorAppointmentKeys.detail(id),
    queryFn: async () =>
      (await api.get<{ appointment: DoctorAppointmentDetail }>(`/doctor/appointments/${id}`)).appointment,
    // The page shows "not found" or the error in place.
    meta: { errorMessage: false },
  });
}

/** The doctor's own free slots on a date (the one availability rule); asked only once a date is chosen. */
export function useOwnSlots(doctorId: string, date: string) {
  return useQuery({
    queryKey: doctorAppointmentKeys.slots(doctorId, date),
    queryFn: () => api.get<SlotsResponse>(`/doctors/${doctorId}/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(doctorId && date),
    // Patients book at any moment: re-check whenever the picker shows.
    staleTime: 0,
    // The time field's hint tells of the failure.
    meta: { errorMessage: false },
  });
}

/** Registered patients for the add dialog's Fullname box, with the fields choosing one fills in. */
export const bookingPatientSearch = patientSearchAt<BookingPatient>('/doctor/appointments/patients', [
  ...doctorAppointmentKeys.all,
  'patients',
]);

export function useAddAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDoctorAppointmentInput) =>
      api.post<CreatedDoctorAppointment>('/doctor/appointments', input),
    onSettled: () => client.invalidateQueries({ queryKey: doctorAppointmentKeys.all }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.createFailed },
  });
}

export function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: AppointmentStatusChange & { id: string }) =>
      api.patch<{ appointment: Appointment }>(`/appointments/${id}/status`, change),
    onSettled: () => client.invalidateQueries({ queryKey: doctorAppointmentKeys.all }),
    meta: { errorMessage: DOCTOR_APPOINTMENT_MESSAGES.statusFailed },
  });
}
