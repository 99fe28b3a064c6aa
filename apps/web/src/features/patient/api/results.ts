import { PATIENT_RESULTS_PAGE_SIZE, type PatientResultPage, RESULTS_MESSAGES } from '@carepoint/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** My Results: the signed-in patient's diagnosis tests and reports their doctors shared (audited). */
export const useMyResults = (page: number) =>
  useQuery({
    queryKey: queryKeys.patient.results(page),
    queryFn: ({ signal }) =>
      api.get<PatientResultPage>(`/patient/results?page=${page}&limit=${PATIENT_RESULTS_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: RESULTS_MESSAGES.listFailed },
  });
