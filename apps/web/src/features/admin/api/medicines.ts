import type { Medicine, SaveMedicineOutput } from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation, type WithId } from './shared';

/* The formulary. Its list is lists.ts's; a change refreshes every page of it. */

export const useCreateMedicine = () =>
  useAdminMutation(
    (body: SaveMedicineOutput) => api.post<Medicine>('/admin/medicines', body),
    ['medicines'],
    'Failed to add medicine',
    'form',
  );
export const useUpdateMedicine = () =>
  useAdminMutation(
    ({ id, body }: WithId<SaveMedicineOutput>) => api.put<Medicine>(`/admin/medicines/${id}`, body),
    ['medicines'],
    'Failed to update medicine',
    'form',
  );
export const useSetMedicineActive = () =>
  useAdminMutation(
    ({ id, active }: { id: string; active: boolean }) =>
      api.put<Medicine>(`/admin/medicines/${id}/status`, { active }),
    ['medicines'],
    'Failed to change the medicine',
  );
