import {
  TRIAGE_MESSAGES,
  type TriageAssessment,
  type TriageIntake,
  type TriageList,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientSearchAt } from '../../../components/form/patient-picker';
import { api } from '../../../lib/api-client';

/** Triage Intake data: today's intakes of the signed-in doctor, recording one, and the patient search. */

const triageKeys = {
  all: ['doctor', 'triage'] as const,
  today: ['doctor', 'triage', 'today'] as const,
};

export function useTodaysIntakes() {
  return useQuery({
    queryKey: triageKeys.today,
    queryFn: async () => (await api.get<TriageList>('/doctor/triage')).data,
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
export const triagePatientSearch = patientSearchAt('/doctor/triage/patients', [
  ...triageKeys.all,
  'patients',
]);
