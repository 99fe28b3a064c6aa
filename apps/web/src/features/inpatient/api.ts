import {
  type AdmitInput,
  type CompleteDischargeInput,
  DOCTOR_EVENTS_PATH,
  type FreeBed,
  LIVE_EVENTS_PATH,
  NURSE_EVENTS_PATH,
  type PlanAdmissionInput,
  type Role,
  STAY_MESSAGES,
  type Stay,
  type TransferInput,
  WARD_MESSAGES,
  type Ward,
  type WardBoard,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diagnosisCodeSearchAt } from '@/components/form/diagnosis-code-picker';
import { patientSearchAt } from '@/components/form/patient-picker';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * The wards' data, shared by the nurse, doctor and admin areas: the ward list and boards, a stay,
 * the free beds, and the admission, transfer and discharge changes. Every change refreshes all
 * of it (and the admin's bed lists), and the area's live stream refreshes it on others' changes.
 */

export const useWards = () =>
  useQuery({
    queryKey: queryKeys.inpatient.wards,
    queryFn: ({ signal }) => api.get<{ data: Ward[] }>('/wards', { signal }),
    meta: { errorMessage: WARD_MESSAGES.loadFailed },
  });

export const useWardBoard = (wardId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.inpatient.board(wardId ?? ''),
    queryFn: ({ signal }) => api.get<WardBoard>(`/wards/${wardId}/board`, { signal }),
    enabled: Boolean(wardId),
    meta: { errorMessage: STAY_MESSAGES.boardLoadFailed },
  });

export const useStay = (stayId: string) =>
  useQuery({
    queryKey: queryKeys.inpatient.stay(stayId),
    queryFn: ({ signal }) => api.get<Stay>(`/stays/${stayId}`, { signal }),
    meta: { errorMessage: STAY_MESSAGES.loadFailed },
  });

/** Free beds with their wards, for an admission's or a transfer's bed field (read fresh when the dialog opens). */
export const useFreeBeds = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.inpatient.freeBeds,
    queryFn: ({ signal }) => api.get<{ data: FreeBed[] }>('/wards/free-beds', { signal }),
    enabled,
    staleTime: 0,
    meta: { errorMessage: WARD_MESSAGES.loadFailed },
  });

/** "Ward A-01 (General Ward)" options, grouped by ward order. */
export const freeBedOptions = (beds: readonly FreeBed[]) =>
  beds.map((b) => ({ value: b.id, label: `${b.label} (${b.wardName})` }));

/**
 * Whom an admission may name: the desk searches every registered patient (Manage Patients' search),
 * a doctor through their own patient search (the triage intake's).
 */
const deskPatients = patientSearchAt('/admin/patients', [...queryKeys.inpatient.patients, 'desk']);
const doctorsPatients = patientSearchAt('/doctor/triage/patients', [
  ...queryKeys.inpatient.patients,
  'doctor',
]);
export const admissionPatientSearch = (role: Role | undefined) =>
  role === 'admin' ? deskPatients : doctorsPatients;

/** The signed-in nurse's own wards (GET /api/nurse/wards): first on their dashboard and the board's picker. */
export function useOwnWards(enabled = true) {
  return useQuery({
    queryKey: queryKeys.nurse.wards,
    queryFn: ({ signal }) => api.get<{ data: Ward[] }>('/nurse/wards', { signal }),
    enabled,
    refetchInterval: 60_000,
    // Each screen shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}

export const inpatientDiagnosisSearch = diagnosisCodeSearchAt(queryKeys.inpatient.diagnosisCodes);

/** What a ward change answers: the stay (or bed) it changed. */
type Created = { id: string };

/** What refreshes after any ward change: every board and stay, and the admin area's beds and wards. */
function useWardChange<TVariables>(send: (variables: TVariables) => Promise<Created>, failed: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.inpatient.all }),
        client.invalidateQueries({ queryKey: queryKeys.admin.resource('beds') }),
        client.invalidateQueries({ queryKey: queryKeys.admin.resource('wards') }),
      ]),
    meta: changeMeta(failed, 'form'),
  });
}

export const useAdmit = () =>
  useWardChange((body: AdmitInput) => api.post<Created>('/stays', body), 'Could not admit the patient');
export const usePlanAdmission = () =>
  useWardChange(
    (body: PlanAdmissionInput) => api.post<Created>('/stays/planned', body),
    'Could not book the admission',
  );
export const useArrive = () =>
  useWardChange(
    ({ stayId, bedId }: { stayId: string; bedId?: string }) =>
      api.post<Created>(`/stays/${stayId}/admit`, { bedId }),
    'Could not admit the patient',
  );
export const useCancelPlanned = () =>
  useWardChange(
    (stayId: string) => api.post<Created>(`/stays/${stayId}/cancel`, {}),
    'Could not cancel the admission',
  );
export const useTransfer = () =>
  useWardChange(
    ({ stayId, body }: { stayId: string; body: TransferInput }) =>
      api.post<Created>(`/stays/${stayId}/transfer`, body),
    'Could not transfer the patient',
  );
export const useCompleteDischarge = () =>
  useWardChange(
    ({ stayId, body }: { stayId: string; body: CompleteDischargeInput }) =>
      api.post<Created>(`/stays/${stayId}/discharge`, body),
    'Could not complete the discharge',
  );
export const useBedReady = () =>
  useWardChange(
    (bedId: string) => api.post<Created>(`/beds/${bedId}/ready`, {}),
    'Could not make the bed ready',
  );

const EVENTS_OF: Partial<Record<Role, string>> = {
  admin: LIVE_EVENTS_PATH,
  doctor: DOCTOR_EVENTS_PATH,
  nurse: NURSE_EVENTS_PATH,
};

/** Keeps the wards' data live: a change on any screen (this instance or another) refreshes it here. */
export function useLiveWards(role: Role) {
  const client = useQueryClient();
  return useEventStream(EVENTS_OF[role] ?? NURSE_EVENTS_PATH, ['wards'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.inpatient.all });
  });
}
