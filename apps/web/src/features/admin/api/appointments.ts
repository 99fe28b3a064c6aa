import {
  APPOINTMENT_MESSAGES,
  type AppointmentStatusChange,
  type DeskAppointment,
  type DeskBookingInput,
  type ReassignAppointment,
} from '@carepoint/contract';
import { api } from '../../../lib/api-client';
import { useDeskMutation, type WithId } from './shared';

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
export const useReassign = () =>
  useDeskMutation(
    ({ id, body }: WithId<ReassignAppointment>) =>
      api.post<DeskAppointment>(`/admin/appointments/${id}/reassign`, body),
    ['appointments', 'patients'],
    'Failed to reassign the appointment',
    REASSIGN_FIELDS,
  );
export const useAppointmentStatus = () =>
  useDeskMutation(
    ({ id, body }: WithId<AppointmentStatusChange>) => api.patch(`/appointments/${id}/status`, body),
    ['appointments', 'patients'],
    'Failed to update the appointment',
    ['reason'],
  );
