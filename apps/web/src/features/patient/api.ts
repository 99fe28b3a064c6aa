import type {
  Appointment,
  AppointmentPage,
  CreateAppointmentInput,
  DoctorOption,
  PatientSummary,
  SlotsResponse,
  UpdateProfileInput,
  User,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, toastError } from '../../lib/api-client';

/*
 * Patient area data: TanStack Query hooks over /api/patient/*, /api/user/profile and the
 * doctors a patient can book. Keys start with 'patient' so a booking or a cancellation
 * refreshes the list, the dashboard and the free slots together.
 */

export const patientKeys = {
  all: ['patient'] as const,
  summary: ['patient', 'summary'] as const,
  appointments: (queryString: string) => ['patient', 'appointments', queryString] as const,
  doctors: ['patient', 'doctors'] as const,
  slots: (doctorId: string, date: string) => ['patient', 'slots', doctorId, date] as const,
  profile: ['profile'] as const,
};

/** Shows the spec's error toast once for each failed load (the server's reason when it gives one). */
export function useErrorToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) toastError(error, fallback);
  }, [error, fallback]);
}

export function usePatientSummary() {
  return useQuery({
    queryKey: patientKeys.summary,
    queryFn: () => api.get<PatientSummary>('/patient/summary'),
  });
}

/** A page of the patient's appointments; `queryString` is `?page=..&limit=..[&scope=upcoming]`. */
export function usePatientAppointments(queryString: string) {
  return useQuery({
    queryKey: patientKeys.appointments(queryString),
    queryFn: () => api.get<AppointmentPage>(`/patient/appointments${queryString}`),
    placeholderData: keepPreviousData,
  });
}

export function useAvailableDoctors(enabled = true) {
  return useQuery({
    queryKey: patientKeys.doctors,
    queryFn: async () => (await api.get<{ data: DoctorOption[] }>('/doctors/available')).data,
    enabled,
    staleTime: 5 * 60_000,
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
  });
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) =>
      api.post<{ appointment: Appointment }>('/patient/appointments', input).then((r) => r.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ appointment: Appointment }>(`/patient/appointments/${id}/cancel`).then((r) => r.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

export function useProfile() {
  return useQuery({
    queryKey: patientKeys.profile,
    queryFn: async () => (await api.get<{ user: User }>('/user/profile')).user,
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await api.put<{ user: User }>('/user/profile', input)).user,
    onSuccess: (user) => client.setQueryData(patientKeys.profile, user),
  });
}
