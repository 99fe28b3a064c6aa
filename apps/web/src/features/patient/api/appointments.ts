import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPage,
  type CreateAppointmentInput,
  MESSAGE_MESSAGES,
  type MoveAppointmentInput,
  type PatientCancel,
  type PatientSummary,
  PROFILE_MESSAGES,
  type Profile,
  type ReminderPreference,
  type UpdateProfileInput,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersField } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/** The Book Appointment form's fields, which the server's refusals may name. */
export const BOOKING_FIELDS = ['title', 'priority', 'date', 'time', 'doctorId', 'notes'] as const;

/*
 * Patient area data: TanStack Query hooks over /api/patient/*, /api/user/profile and the
 * doctors a patient can book. Keys start with 'patient' so a booking or a cancellation
 * refreshes the list, the dashboard and the free slots together. A failed call shows an error
 * toast with the server's text or its `meta.errorMessage` (lib/query-client.tsx).
 */

export function usePatientSummary() {
  return useQuery({
    queryKey: queryKeys.patient.summary,
    queryFn: ({ signal }) => api.get<PatientSummary>('/patient/summary', { signal }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.summaryFailed },
  });
}

/** A page of the patient's appointments; `queryString` is `?page=..&limit=..`. */
export function usePatientAppointments(queryString: string) {
  return useQuery({
    queryKey: queryKeys.patient.appointments(queryString),
    queryFn: ({ signal }) => api.get<AppointmentPage>(`/patient/appointments${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: APPOINTMENT_MESSAGES.loadFailed },
  });
}

/** The soonest active appointments still ahead (the dashboard's card). */
export function useNextAppointments(limit: number) {
  const queryString = `?scope=upcoming&limit=${limit}`;
  return useQuery({
    queryKey: queryKeys.patient.appointments(queryString),
    queryFn: ({ signal }) => api.get<AppointmentPage>(`/patient/appointments${queryString}`, { signal }),
    // The card shows its own error state; the dashboard's toast is the summary's.
    meta: { errorMessage: false },
  });
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) =>
      api.post<{ appointment: Appointment }>('/patient/appointments', input).then((r) => r.appointment),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.patient.all }),
        client.invalidateQueries({ queryKey: queryKeys.booking.all }),
      ]),
    // A refusal about a field (a taken time, a day off) is shown once, under that field.
    meta: { errorMessage: APPOINTMENT_MESSAGES.createFailed, shownInline: answersField(BOOKING_FIELDS) },
  });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PatientCancel }) =>
      api
        .post<{ appointment: Appointment }>(`/patient/appointments/${id}/cancel`, body)
        .then((r) => r.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.patient.all }),
    meta: { errorMessage: APPOINTMENT_MESSAGES.cancelFailed, shownInline: answersField(['reason']) },
  });
}

/** Moves one of the patient's appointments to another free time of its doctor. */
export function useMoveAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveAppointmentInput }) =>
      api
        .post<{ appointment: Appointment }>(`/patient/appointments/${id}/move`, body)
        .then((r) => r.appointment),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.patient.all }),
        client.invalidateQueries({ queryKey: queryKeys.booking.all }),
      ]),
    meta: { errorMessage: APPOINTMENT_MESSAGES.moveFailed, shownInline: answersField(['date', 'time']) },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await api.put<{ user: Profile }>('/user/profile', input)).user,
    onSuccess: (user) => client.setQueryData(queryKeys.user.profile, user),
    meta: { errorMessage: PROFILE_MESSAGES.updateFailed },
  });
}

/** My Profile's "Appointment reminders" switch: a reminder e-mail the day before each appointment. */
export function useReminderPreference() {
  return useQuery({
    queryKey: queryKeys.patient.reminders,
    queryFn: ({ signal }) => api.get<ReminderPreference>('/patient/reminders', { signal }),
    meta: { errorMessage: MESSAGE_MESSAGES.remindersLoadFailed },
  });
}

export function useSetReminderPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderPreference) => api.put<ReminderPreference>('/patient/reminders', input),
    onSuccess: (saved) => client.setQueryData(queryKeys.patient.reminders, saved),
    meta: { errorMessage: MESSAGE_MESSAGES.remindersFailed },
  });
}
