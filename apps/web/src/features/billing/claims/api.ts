import {
  type AgeingReport,
  CLAIM_MESSAGES,
  type ClaimDetail,
  type ClaimSummary,
  type CorrectLineInput,
  type GenerateClaimInput,
  type RemittanceInput,
  type ResubmitInput,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diagnosisCodeSearchAt } from '@/components/form/diagnosis-code-picker';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';

/*
 * Claims, remittance and ageing (docs/areas/billing-claims.md). Kept under the billing key, so
 * every change here refreshes what the cashier's area reads.
 */

const keys = {
  all: [...queryKeys.billing.all, 'claims'] as const,
  list: (queryString: string) => [...queryKeys.billing.all, 'claims', 'list', queryString] as const,
  one: (id: string) => [...queryKeys.billing.all, 'claims', 'one', id] as const,
  ageing: [...queryKeys.billing.all, 'claims', 'ageing'] as const,
  diagnosisCodes: [...queryKeys.billing.all, 'claims', 'diagnosis-codes'] as const,
};

const base = '/billing/claims';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;
/** The downloads are plain links (the browser streams them and shows their progress). */
export const claimFileHref = (id: string, kind: 'csv' | 'pdf') => `/api${at(id)}/export.${kind}`;

/** The claims page for a query string (?page&limit&sort&order&q&status&payerId), for ListTable. */
export const claimListQuery = (queryString: string) =>
  queryOptions({
    queryKey: keys.list(queryString),
    queryFn: ({ signal }) => api.get<Page<ClaimSummary>>(`${base}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CLAIM_MESSAGES.loadFailed },
  });

export const useClaim = (id: string) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api.get<ClaimDetail>(at(id), { signal }),
    meta: { errorMessage: CLAIM_MESSAGES.loadFailed },
  });

export const useAgeing = () =>
  useQuery({
    queryKey: keys.ageing,
    queryFn: ({ signal }) => api.get<AgeingReport>(`${base}/ageing`, { signal }),
    meta: { errorMessage: CLAIM_MESSAGES.loadFailed },
  });

/** The ICD-10 picker's search, as the cashier codes an encounter's diagnosis. */
export const claimDiagnosisSearch = diagnosisCodeSearchAt(keys.diagnosisCodes);

function useClaimMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<ClaimDetail>,
  errorMessage: string,
  shown: 'form' | 'toast' = 'form',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (claim) => client.setQueryData(keys.one(claim.id), claim),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
    meta: changeMeta(errorMessage, shown),
  });
}

/** New Claim answers the claim's summary: the claim's screen then reads the claim itself. */
export const useGenerateClaim = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateClaimInput) => api.post<ClaimSummary>(base, body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
    meta: changeMeta('Failed to generate the claim', 'form'),
  });
};

export const useCorrectLine = (claimId: string) =>
  useClaimMutation(
    ({ lineId, ...body }: CorrectLineInput & { lineId: string }) =>
      api.put<ClaimDetail>(`${at(claimId)}/lines/${encodeURIComponent(lineId)}`, body),
    'Failed to correct the line',
  );

export const useRemoveLine = (claimId: string) =>
  useClaimMutation(
    (lineId: string) => api.delete<ClaimDetail>(`${at(claimId)}/lines/${encodeURIComponent(lineId)}`),
    'Failed to remove the line',
    'toast',
  );

export const useSubmitClaim = (claimId: string) =>
  useClaimMutation(
    () => api.post<ClaimDetail>(`${at(claimId)}/submit`),
    'Failed to submit the claim',
    'toast',
  );

export const useRecordRemittance = (claimId: string) =>
  useClaimMutation(
    ({ lineId, ...body }: RemittanceInput & { lineId: string }) =>
      api.put<ClaimDetail>(`${at(claimId)}/lines/${encodeURIComponent(lineId)}/remittance`, body),
    'Failed to record the remittance',
  );

export const useResubmit = (claimId: string) =>
  useClaimMutation(
    (body: ResubmitInput) => api.post<ClaimDetail>(`${at(claimId)}/resubmit`, body),
    'Failed to resubmit',
  );
