import {
  TRIAGE_MESSAGES,
  type TriageAssessment,
  type TriageIntake,
  type TriageList,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientSearchAt } from '@/components/form/patient-picker';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Triage Intake data: today's intakes of the signed-in doctor, recording one, and the patient search. */

export function useTodaysIntakes() {
  return useQuery({
    queryKey: queryKeys.doctor.triage.today,
    queryFn: async ({ signal }) => (await api.get<TriageList>('/doctor/triage', { signal })).data,
    // The list shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}

export function useRecordTriage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (intake: TriageIntake) => api.post<TriageAssessment>('/doctor/triage', intake),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.doctor.triage.today }),
    meta: { errorMessage: TRIAGE_MESSAGES.saveFailed },
  });
}

/** Registered patients for the intake's patient picker. */
export const triagePatientSearch = patientSearchAt(
  '/doctor/triage/patients',
  queryKeys.doctor.triage.patients,
);
