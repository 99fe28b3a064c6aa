import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentStatusChange,
  CALENDAR_MESSAGES,
  type Calendar,
  type CalendarQuery,
  type DeskAppointment,
  type DeskBookingInput,
  type ReassignAppointment,
} from '@carepoint/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useDeskMutation, type WithId } from './shared';

/** Every doctor's day (or days): one column each, hours, free slots and appointments. */
export function useDeskCalendar(range: CalendarQuery) {
  return useQuery({
    // Under the appointments resource: a change or a live event there refreshes it too.
    queryKey: queryKeys.admin.calendar(range),
    queryFn: ({ signal }) =>
      api.get<Calendar>(
        `/admin/appointments/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CALENDAR_MESSAGES.loadFailed },
  });
}

/* The front desk's appointments: booking for a patient, reassigning, confirming or cancelling. */

export const DESK_BOOKING_FIELDS = [
  'patientId',
  'title',
  'priority',
  'date',
  'time',
  'doctorId',
  'notes',
] as const;
export const REASSIGN_FIELDS = ['doctorId', 'date', 'time'] as const;

export const useDeskBook = () =>
  useDeskMutation(
    (body: DeskBookingInput) => api.post<DeskAppointment>('/admin/appointments', body),
    ['appointments', 'patients'],
    APPOINTMENT_MESSAGES.createFailed,
    DESK_BOOKING_FIELDS,
  );
/** Reassign (or Move). From a form, a refusal goes under its field; from a drag (`inForm` false), to a toast. */
export const useReassign = (inForm = true) =>
  useDeskMutation(
    ({ id, body }: WithId<ReassignAppointment>) =>
      api.post<DeskAppointment>(`/admin/appointments/${id}/reassign`, body),
    ['appointments', 'patients'],
    'Failed to reassign the appointment',
    inForm ? REASSIGN_FIELDS : [],
  );
export const useAppointmentStatus = () =>
  useDeskMutation(
    ({ id, body }: WithId<AppointmentStatusChange>) =>
      api.patch<{ appointment: Appointment }>(`/appointments/${id}/status`, body),
    ['appointments', 'patients'],
    'Failed to update the appointment',
    ['reason'],
  );
