import type { CreateQueueEntry, Department, QueueBoard, QueueEntry } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { LOAD_FAILED, useAdminMutation } from './shared';

/* The department queues: the board, adding a patient, calling the next one, marking them seen, removing one. */

export const useQueueBoard = () =>
  useQuery({
    queryKey: queryKeys.admin.queueBoard,
    queryFn: ({ signal }) => api.get<QueueBoard>('/admin/queues/board', { signal }),
    meta: { errorMessage: LOAD_FAILED.queues },
  });

export const useCreateQueueEntry = () =>
  useAdminMutation(
    (body: CreateQueueEntry) => api.post<QueueEntry>('/admin/queues', body),
    ['queues'],
    'Failed to add to the queue',
    'form',
  );
export const useCallNext = () =>
  useAdminMutation(
    (department: Department) =>
      api.post<QueueEntry>(`/admin/queues/${encodeURIComponent(department)}/call-next`, {}),
    ['queues'],
    'Failed to call the next patient',
  );
export const useMarkSeen = () =>
  useAdminMutation(
    (id: string) => api.post<QueueEntry>(`/admin/queues/${id}/seen`, {}),
    ['queues'],
    'Failed to mark the patient as seen',
  );
export const useRemoveQueueEntry = () =>
  useAdminMutation(
    (id: string) => api.patch<QueueEntry>(`/admin/queues/${id}`, { status: 'Removed' }),
    ['queues'],
    'Failed to remove from the queue',
  );
