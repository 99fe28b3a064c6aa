import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPage,
  type CreateAppointmentInput,
  type DoctorOption,
  type PatientSummary,
  PROFILE_MESSAGES,
  type SlotsResponse,
  type UpdateProfileInput,
  type User,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/*
 * Patient area data: TanStack Query hooks over /api/patient/*, /api/user/profile and the
 * doctors a patient can book. Keys start with 'patient' so a booking or a cancellation
 * refreshes the list, the dashboard and the free slots together. A failed call shows an error
 * toast with the server's text or its `meta.errorMessage` (spec §8).
 */

export const patientKeys = {
  all: ['patient'] as const,
  summary: ['patient', 'summary'] as const,
  appointments: (queryString: string) => ['patient', 'appointments', queryString] as const,
  doctors: ['patient', 'doctors'] as const,
  slots: (doctorId: string, date: string) => ['patient', 'slots', doctorId, date] as const,
  profile: ['profile'] as const,
};

export function usePatientSummary() {
  return useQuery({
    queryKey: patientKeys.summary,
    queryFn: () => api.get<PatientSummary>('/patient/summary'),
    meta: { errorMessage: APPOINTMENT_MESSAGES.summaryFailed },
  });
}

/** A page of the patient's appointments; `queryString` is `?page=..&limit=..`. */
export function usePatientAppointments(queryString: string) {
  return useQuery({
    queryKey: patientKeys.appointments(queryString),
    queryFn: () => api.get<AppointmentPage>(`/patient/appointments${queryString}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: APPOINTMENT_MESSAGES.loadFailed },
  });
}

/** The soonest active appointments still ahead (the dashboard's card). */
export function useNextAppointments(limit: number) {
  const queryString = `?scope=upcoming&limit=${limit}`;
  return useQuery({
    queryKey: patientKeys.appointments(queryString),
    queryFn: () => api.get<AppointmentPage>(`/patient/appointments${queryString}`),
    // The card shows its own error state; the dashboard's toast is the summary's.
    meta: { errorMessage: false },
  });
}

export function useAvailableDoctors(enabled = true) {
  return useQuery({
    queryKey: patientKeys.doctors,
    queryFn: async () => (await api.get<{ data: DoctorOption[] }>('/doctors/available')).data,
    enabled,
    staleTime: 5 * 60_000,
    // The booking form says so under the field and lets the clinic assign a doctor.
    meta: { errorMessage: false },
  });
}

/** The doctor's free starts on a date; nothing is asked until both are chosen. */
export function useDoctorSlots(doctorId: string, date: string) {
  return useQuery({
    queryKey: patientKeys.slots(doctorId, date),
    queryFn: () => api.get<SlotsResponse>(`/doctors/${doctorId}/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(doctorId && date),
    // Someone else may book a slot at any moment: always re-check when the picker opens.
    staleTime: 0,
    // The time field's hint tells of the failure.
    meta: { errorMessage: false },
  });
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) =>
      api.post<{ appointment: Appointment }>('/patient/appointments', input).then((r) => r.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: patientKeys.all }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.createFailed },
  });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ appointment: Appointment }>(`/patient/appointments/${id}/cancel`).then((r) => r.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: patientKeys.all }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.cancelFailed },
  });
}

export function useProfile() {
  return useQuery({
    queryKey: patientKeys.profile,
    queryFn: async () => (await api.get<{ user: User }>('/user/profile')).user,
    meta: { errorMessage: PROFILE_MESSAGES.loadFailed },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await api.put<{ user: User }>('/user/profile', input)).user,
    onSuccess: (user) => client.setQueryData(patientKeys.profile, user),
    meta: { errorMessage: PROFILE_MESSAGES.updateFailed },
  });
}
