import type { PatientDischargeSummary } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** My Hospital Stays: the signed-in patient's stays with a signed discharge summary, and its PDF. */
export function useMyDischargeSummaries() {
  return useQuery({
    queryKey: queryKeys.patient.dischargeSummaries,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PatientDischargeSummary[] }>('/patient/discharge-summaries', { signal })).data,
    // The page shows the failure in place, with a retry.
    meta: { errorMessage: false },
  });
}

/** The PDF's address: `inline` opens it in the browser (View), otherwise it downloads. */
export const myDischargeSummaryPdfUrl = (id: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  `/api/patient/discharge-summaries/${id}/pdf${disposition === 'inline' ? '?disposition=inline' : ''}`;
