import { BED_MESSAGES, type Bed, type CreateBed, type UpdateBed } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';
import { useAdminMutation, type WithId } from './shared';

/* The beds. Their list is lists.ts's; admitting to a bed is emergency.ts's. */

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

/** Free beds for the Admit dialog (at most 100, by label). */
export const useFreeBeds = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.admin.freeBeds,
    queryFn: ({ signal }) => api.get<Page<Bed>>('/admin/beds?status=Free&limit=100&sort=label', { signal }),
    enabled,
    staleTime: 0,
    meta: { errorMessage: BED_MESSAGES.loadFailed },
  });
