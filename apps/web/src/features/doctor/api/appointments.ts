import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentStatusChange,
  type CreateDoctorAppointmentInput,
  type CreatedDoctorAppointment,
  DOCTOR_APPOINTMENT_MESSAGES,
  type DoctorAppointmentDetail,
  type DoctorAppointmentPage,
  type DoctorDashboard,
  type SlotsResponse,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
};

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
