import {
  type AddPreauthOutput,
  COVERAGE_MESSAGES,
  type Coverage,
  type CoverageList,
  type CoverageStatusAnswer,
  type CreateCoverageOutput,
  type SaveCoverageOutput,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * A patient's coverage (docs/areas/billing-coverage.md), read and changed by the admin's patient
 * page and the cashier's Coverage tab alike; the warning read where the desk books or admits.
 * Every change refreshes queryKeys.coverage.all.
 */

const id = encodeURIComponent;

export const useCoverages = (patientId: string) =>
  useQuery({
    queryKey: queryKeys.coverage.patient(patientId),
    queryFn: ({ signal }) => api.get<CoverageList>(`/patients/${id(patientId)}/coverages`, { signal }),
    meta: { errorMessage: COVERAGE_MESSAGES.loadFailed },
  });

/** Today's coverage and the expired warning; nothing is asked without a patient. */
export const useCoverageStatus = (patientId: string | null | undefined) =>
  useQuery({
    queryKey: queryKeys.coverage.status(patientId ?? ''),
    queryFn: ({ signal }) =>
      api.get<CoverageStatusAnswer>(`/patients/${id(patientId ?? '')}/coverage-status`, { signal }),
    enabled: Boolean(patientId),
    meta: { errorMessage: COVERAGE_MESSAGES.loadFailed },
  });

function useCoverageMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  errorMessage: string,
  shown: 'form' | 'toast' = 'form',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.coverage.all }),
    meta: changeMeta(errorMessage, shown),
  });
}

export const useCreateCoverage = (patientId: string) =>
  useCoverageMutation(
    (body: CreateCoverageOutput) => api.post<Coverage>(`/patients/${id(patientId)}/coverages`, body),
    'Failed to add the coverage',
  );
export const useUpdateCoverage = (coverageId: string) =>
  useCoverageMutation(
    (body: SaveCoverageOutput) => api.put<Coverage>(`/coverages/${id(coverageId)}`, body),
    'Failed to update the coverage',
  );
export const useEndCoverage = (coverageId: string) =>
  useCoverageMutation(
    (body: { validTo: string }) => api.put<Coverage>(`/coverages/${id(coverageId)}/end`, body),
    'Failed to end the coverage',
  );
export const useAddPreauth = (coverageId: string) =>
  useCoverageMutation(
    (body: AddPreauthOutput) => api.post<Coverage>(`/coverages/${id(coverageId)}/preauths`, body),
    'Failed to add the code',
  );
export const useRemovePreauth = (coverageId: string) =>
  useCoverageMutation(
    (preauthId: string) => api.delete<Coverage>(`/coverages/${id(coverageId)}/preauths/${id(preauthId)}`),
    'Failed to remove the code',
    'toast',
  );

/** The services a payer requires pre-authorisation for (the admin's prices page). */
export const usePreauthServiceIds = (payerId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.coverage.preauthServices(payerId),
    queryFn: ({ signal }) => api.get<string[]>(`/admin/payers/${id(payerId)}/preauth-services`, { signal }),
    enabled,
    meta: { errorMessage: 'Could not fetch the pre-authorisation rules' },
  });

export const useSetPreauthRequired = (payerId: string) =>
  useCoverageMutation(
    ({ serviceId, required }: { serviceId: string; required: boolean }) =>
      api.put<string[]>(`/admin/payers/${id(payerId)}/preauth-services/${id(serviceId)}`, { required }),
    'Failed to change the pre-authorisation rule',
    'toast',
  );
