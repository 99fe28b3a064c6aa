import { type SaveWard, WARD_MESSAGES, type Ward } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';
import { useAdminMutation, type WithId } from './shared';

/* The wards. Their list is lists.ts's; a ward's name shows on its beds, so a change refreshes them too. */

export const useCreateWard = () =>
  useAdminMutation(
    (body: SaveWard) => api.post<Ward>('/admin/wards', body),
    ['wards'],
    'Failed to add ward',
    'form',
  );
export const useUpdateWard = () =>
  useAdminMutation(
    ({ id, body }: WithId<SaveWard>) => api.put<Ward>(`/admin/wards/${id}`, body),
    ['wards', 'beds'],
    'Failed to update ward',
    'form',
  );
export const useDeleteWard = () =>
  useAdminMutation((id: string) => api.delete(`/admin/wards/${id}`), ['wards'], 'Failed to remove ward');

/** Every ward by name (at most 100): the bed dialogs' ward select and Manage Beds' ward filter. */
export const useWardChoices = () =>
  useQuery({
    queryKey: queryKeys.admin.wardChoices,
    queryFn: ({ signal }) => api.get<Page<Ward>>('/admin/wards?limit=100&sort=name', { signal }),
    meta: { errorMessage: WARD_MESSAGES.loadFailed },
  });
