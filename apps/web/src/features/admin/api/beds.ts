import type { Bed, CreateBed, UpdateBed } from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation, type WithId } from './shared';

/* The beds. Their list is lists.ts's; admitting to a bed is emergency.ts's and the wards' (features/inpatient). */

export const useCreateBed = () =>
  useAdminMutation(
    (body: CreateBed) => api.post<Bed>('/admin/beds', body),
    ['beds', 'wards'],
    'Failed to add bed',
    'form',
  );
/** Beds change the patients table too (Inpatient while in a bed), and the wards' bed counts. */
export const useUpdateBed = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateBed>) => api.put<Bed>(`/admin/beds/${id}`, body),
    ['beds', 'patients', 'wards'],
    'Failed to update bed',
    'form',
  );

export const useDeleteBed = () =>
  useAdminMutation(
    (id: string) => api.delete(`/admin/beds/${id}`),
    ['beds', 'wards'],
    'Failed to remove bed',
  );
