import { RESULTS_MESSAGES, type Share } from '@carepoint/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What can be shared with its patient: a diagnosis test or a report, with the queries that show it. */
const SHAREABLE = {
  test: { path: (id: string) => `/doctor/diagnosis-tests/${id}/share`, keys: queryKeys.doctor.diagnosis.all },
  report: { path: (id: string) => `/doctor/reports/${id}/share`, keys: queryKeys.doctor.reports.all },
} as const;

/** Share a test or report with its patient (My Results), or stop; its own screens refresh after. */
export function useShareWithPatient(kind: keyof typeof SHAREABLE, id: string) {
  const client = useQueryClient();
  const { path, keys } = SHAREABLE[kind];
  return useMutation({
    mutationFn: (shared: boolean) => api.put<Share>(path(id), { shared } satisfies Share),
    onSettled: () => client.invalidateQueries({ queryKey: keys }),
    meta: { errorMessage: RESULTS_MESSAGES.shareFailed },
  });
}
