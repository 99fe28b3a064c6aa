import { LAB_CATALOGUE_MESSAGES, type LabTest, type SaveLabTestOutput } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';
import { useAdminMutation, type WithId } from './shared';

/* The laboratory's test catalogue. Its list is lists.ts's; a change refreshes every page of it. */

export const useCreateLabTest = () =>
  useAdminMutation(
    (body: SaveLabTestOutput) => api.post<LabTest>('/admin/lab-tests', body),
    ['lab-tests'],
    'Failed to add lab test',
    'form',
  );
export const useUpdateLabTest = () =>
  useAdminMutation(
    ({ id, body }: WithId<SaveLabTestOutput>) => api.put<LabTest>(`/admin/lab-tests/${id}`, body),
    ['lab-tests'],
    'Failed to update lab test',
    'form',
  );
export const useSetLabTestActive = () =>
  useAdminMutation(
    ({ id, active }: { id: string; active: boolean }) =>
      api.put<LabTest>(`/admin/lab-tests/${id}/status`, { active }),
    ['lab-tests'],
    'Failed to change the lab test',
  );

/** The active tests (not panels), by name: the choices of a panel's members (at most 100). */
export const usePanelMemberChoices = () =>
  useQuery({
    queryKey: queryKeys.admin.labTestChoices,
    queryFn: ({ signal }) =>
      api.get<Page<LabTest>>('/admin/lab-tests?kind=test&status=active&limit=100&sort=name', { signal }),
    meta: { errorMessage: LAB_CATALOGUE_MESSAGES.loadFailed },
  });
