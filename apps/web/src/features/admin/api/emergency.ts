import type { AdmitErEntry, CreateErEntry, ErEntry, LinkErEntry, UpdateErEntry } from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation, useDeskMutation, type WithId } from './shared';

/* The emergency room: arrivals, their status, linking a walk-in to its record, admitting to a bed. */

export const useCreateErEntry = () =>
  useAdminMutation(
    (body: CreateErEntry) => api.post<ErEntry>('/admin/emergency-room', body),
    ['emergency-room'],
    'Failed to add arrival',
    'form',
  );
export const useUpdateErEntry = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateErEntry>) => api.patch<ErEntry>(`/admin/emergency-room/${id}`, body),
    ['emergency-room'],
    'Failed to update the emergency room entry',
  );

export const useLinkErEntry = () =>
  useDeskMutation(
    ({ id, body }: WithId<LinkErEntry>) => api.post<ErEntry>(`/admin/emergency-room/${id}/link`, body),
    ['emergency-room'],
    'Failed to link the patient',
    ['patientId', 'confirmed'],
  );

export const useAdmitErEntry = () =>
  useDeskMutation(
    ({ id, body }: WithId<AdmitErEntry>) => api.post<ErEntry>(`/admin/emergency-room/${id}/admit`, body),
    ['emergency-room', 'beds', 'patients'],
    'Failed to admit the patient',
    ['bedId', 'doctorId', 'reason', 'diagnosisCode', 'diagnosisText', 'expectedDays'],
  );
