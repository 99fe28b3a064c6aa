import {
  type DischargeSummaryInput,
  type DischargeSummaryResponse,
  type FollowUpBookingInput,
  DISCHARGE_SUMMARY_MESSAGES as M,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diagnosisCodeSearchAt } from '@/components/form/diagnosis-code-picker';
import { api } from '@/lib/api-client';
import { answersFields } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * A stay's discharge summary: the stay and its summary, saving the draft, signing it, booking the
 * follow-up. Every change puts the answer in the cache, so the page shows what the server kept.
 */

const path = (stayId: string) => `/stays/${stayId}/discharge-summary`;

export function useDischargeSummary(stayId: string) {
  return useQuery({
    queryKey: queryKeys.discharge.summary(stayId),
    queryFn: ({ signal }) => api.get<DischargeSummaryResponse>(path(stayId), { signal }),
    // The page shows the failure in place, with a retry.
    meta: { errorMessage: false },
    retry: false,
  });
}

function useSummaryChange<Input>(
  stayId: string,
  change: (input: Input) => Promise<DischargeSummaryResponse>,
  errorMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => client.setQueryData(queryKeys.discharge.summary(stayId), answer),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.booking.all }),
    // The form puts field refusals under their fields.
    meta: { errorMessage, shownInline: answersFields },
  });
}

export const useSaveDischargeSummary = (stayId: string) =>
  useSummaryChange(
    stayId,
    (input: DischargeSummaryInput) => api.put<DischargeSummaryResponse>(path(stayId), input),
    M.saveFailed,
  );

export const useSignDischargeSummary = (stayId: string) =>
  useSummaryChange(
    stayId,
    (_: undefined) => api.post<DischargeSummaryResponse>(`${path(stayId)}/sign`, {}),
    M.signFailed,
  );

export const useBookFollowUp = (stayId: string) =>
  useSummaryChange(
    stayId,
    (input: FollowUpBookingInput) => api.post<DischargeSummaryResponse>(`${path(stayId)}/follow-up`, input),
    M.followUpFailed,
  );

/** The PDF's address (same origin; the session cookie goes with it); `inline` opens it in the browser. */
export const dischargeSummaryPdfUrl = (stayId: string, disposition: 'attachment' | 'inline' = 'inline') =>
  `/api${path(stayId)}.pdf${disposition === 'inline' ? '?disposition=inline' : ''}`;

/** The ICD-10-CM search behind the summary's diagnosis pickers. */
export const dischargeDiagnosisSearch = diagnosisCodeSearchAt(queryKeys.discharge.diagnosisCodes);
