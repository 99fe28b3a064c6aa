import {
  TRIAGE_MESSAGES,
  type TriageAssessment,
  type TriageIntake,
  type TriageList,
} from '@carepoint/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PatientOption, PatientSearch } from '../../../components/form/patient-picker';
import { api } from '../../../lib/api-client';

/** Triage Intake data: today's intakes of the signed-in doctor, recording one, and the patient search. */

const triageKeys = {
  all: ['doctor', 'triage'] as const,
  today: ['doctor', 'triage', 'today'] as const,
  patients: (term: string, limit: number) => ['doctor', 'triage', 'patients', term, limit] as const,
};

export function useTodaysIntakes() {
  return useQuery({
    queryKey: triageKeys.today,
    queryFn: async ({ signal }) => (await api.get<TriageList>('/doctor/triage', { signal })).data,
    // The list shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}

export function useRecordTriage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (intake: TriageIntake) => api.post<TriageAssessment>('/doctor/triage', intake),
    onSuccess: () => client.invalidateQueries({ queryKey: triageKeys.today }),
    meta: { errorMessage: TRIAGE_MESSAGES.saveFailed },
  });
}

/** Registered patients for the intake's patient picker. */
export const triagePatientSearch: PatientSearch = (term, limit) =>
  queryOptions<PatientOption[]>({
    queryKey: triageKeys.patients(term, limit),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PatientOption[] }>(
          `/doctor/triage/patients?limit=${limit}&q=${encodeURIComponent(term)}`,
          { signal },
        )
      ).data,
    // The picker answers in its list ("No names found."): no toast while typing.
    meta: { errorMessage: false },
  });
