import {
  type CorrectLabResult,
  DOCTOR_EVENTS_PATH,
  type EnterLabResults,
  LAB_RESULT_MESSAGES,
  type LabCriticalAlert,
  type LabCriticalAlertList,
  type LabResultNoticeList,
  type LabResultSheet,
  type LabSettings,
  LIVE_EVENTS_PATH,
  type PatientLabReportList,
  type PatientLabResults,
  RESULTS_MESSAGES,
  type Share,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersFields } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * Laboratory results (docs/areas/lab-results.md): the scientist's sheet (entry, verification,
 * correction), the doctor's critical alerts, chart results and sharing, the administrators'
 * escalated alerts, the patient's shared results, and notices of corrections.
 */

const keys = queryKeys.labResults;

export function useLabSheet(orderId: string) {
  return useQuery({
    queryKey: keys.sheet(orderId),
    queryFn: ({ signal }) => api.get<LabResultSheet>(`/lab/orders/${orderId}/results`, { signal }),
    meta: { errorMessage: false },
  });
}

/** After a change on the sheet: the sheet answered comes in at once; every other lab screen reads again. */
function useSheetChange<T>(
  orderId: string,
  send: (input: T) => Promise<LabResultSheet>,
  errorMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (sheet) => {
      client.setQueryData(keys.sheet(orderId), sheet);
      return client.invalidateQueries({ queryKey: keys.all, predicate: (q) => q.queryKey[1] !== 'sheet' });
    },
    meta: { errorMessage, shownInline: answersFields },
  });
}

export const useEnterResults = (orderId: string) =>
  useSheetChange(
    orderId,
    (input: EnterLabResults) => api.put<LabResultSheet>(`/lab/orders/${orderId}/results`, input),
    LAB_RESULT_MESSAGES.saveFailed,
  );

export const useVerifyResults = (orderId: string) =>
  useSheetChange(
    orderId,
    () => api.post<LabResultSheet>(`/lab/orders/${orderId}/verify`, {}),
    LAB_RESULT_MESSAGES.verifyFailed,
  );

export const useCorrectResult = (orderId: string) =>
  useSheetChange(
    orderId,
    ({ id, ...body }: CorrectLabResult & { id: string }) =>
      api.post<LabResultSheet>(`/lab/results/${id}/correct`, body),
    LAB_RESULT_MESSAGES.correctFailed,
  );

export function usePatientLabResults(patientId: string) {
  return useQuery({
    queryKey: keys.chart(patientId),
    queryFn: ({ signal }) =>
      api.get<PatientLabResults>(`/doctor/patients/${patientId}/lab-results`, { signal }),
    meta: { errorMessage: false },
  });
}

export function useShareLabOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shared: boolean) =>
      api.put<Share>(`/doctor/lab-orders/${orderId}/share`, { shared } satisfies Share),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
    meta: { errorMessage: RESULTS_MESSAGES.shareFailed },
  });
}

export function useDoctorLabAlerts() {
  return useQuery({
    queryKey: keys.alerts,
    queryFn: async ({ signal }) =>
      (await api.get<LabCriticalAlertList>('/doctor/lab-alerts', { signal })).data,
    // Live through the doctor's stream; read again every minute should an event be missed.
    refetchInterval: 60_000,
    meta: { errorMessage: false },
  });
}

export function useAcknowledgeLabAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<LabCriticalAlert>(`/doctor/lab-alerts/${id}/acknowledge`, {}),
    // Acknowledged here or already (409): either way the list is read again.
    onSettled: () => client.invalidateQueries({ queryKey: keys.alerts }),
    meta: { errorMessage: LAB_RESULT_MESSAGES.acknowledgeFailed },
  });
}

/** The doctor's screens of lab results follow the doctor's stream (their own orders' changes). */
export function useDoctorLabLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(DOCTOR_EVENTS_PATH, ['lab'], () => {
    void client.invalidateQueries({ queryKey: keys.all });
  });
}

export function useEscalatedLabAlerts() {
  return useQuery({
    queryKey: keys.escalated,
    queryFn: async ({ signal }) =>
      (await api.get<LabCriticalAlertList>('/admin/lab-alerts', { signal })).data,
    refetchInterval: 60_000,
    meta: { errorMessage: false },
  });
}

/** The administrators' dashboard follows topic lab on the desk's stream. */
export function useAdminLabLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(LIVE_EVENTS_PATH, ['lab'], () => {
    void client.invalidateQueries({ queryKey: keys.escalated });
  });
}

export function useOwnLabResults() {
  return useQuery({
    queryKey: keys.own,
    queryFn: async ({ signal }) =>
      (await api.get<PatientLabReportList>('/patient/lab-results', { signal })).data,
    meta: { errorMessage: false },
  });
}

export function useLabNotices() {
  return useQuery({
    queryKey: keys.notices,
    queryFn: async ({ signal }) => (await api.get<LabResultNoticeList>('/lab-notices', { signal })).data,
    refetchInterval: 60_000,
    meta: { errorMessage: false },
  });
}

export function useMarkNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/lab-notices/${id}/seen`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notices }),
    meta: { errorMessage: LAB_RESULT_MESSAGES.noticeFailed },
  });
}

export function useLabSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.get<LabSettings>('/admin/facility/lab', { signal }),
    meta: { errorMessage: false },
  });
}

export function useSaveLabSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: LabSettings) => api.put<LabSettings>('/admin/facility/lab', settings),
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
    meta: { errorMessage: LAB_RESULT_MESSAGES.settingsFailed, shownInline: answersFields },
  });
}
