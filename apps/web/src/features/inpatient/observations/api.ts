import {
  DOCTOR_EVENTS_PATH,
  type DoctorAlert,
  type DoctorAlertList,
  OBSERVATION_MESSAGES,
  type ObservationPage,
  type ObservationSet,
  type RecordObservations,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersFields } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/** Ward observations: a stay's sets, recording one; the doctor's NEWS2 alerts and acknowledging one. */

export function useStayObservations(stayId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.inpatient.observationPage(stayId, page),
    queryFn: ({ signal }) =>
      api.get<ObservationPage>(`/stays/${stayId}/observations?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    // The list shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}

export function useRecordObservations(stayId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (set: RecordObservations) => api.post<ObservationSet>(`/stays/${stayId}/observations`, set),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.inpatient.observations(stayId) }),
        client.invalidateQueries({ queryKey: queryKeys.inpatient.alerts }),
      ]),
    meta: { errorMessage: OBSERVATION_MESSAGES.saveFailed, shownInline: answersFields },
  });
}

export function useDoctorAlerts() {
  return useQuery({
    queryKey: queryKeys.inpatient.alerts,
    queryFn: async ({ signal }) => (await api.get<DoctorAlertList>('/doctor/alerts', { signal })).data,
    // Live through the doctor's stream; read again every minute should an event be missed.
    refetchInterval: 60_000,
    meta: { errorMessage: false },
  });
}

export function useAcknowledgeAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<DoctorAlert>(`/doctor/alerts/${id}/acknowledge`, {}),
    // Acknowledged here or already by someone else (409): either way the list is read again.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.inpatient.alerts }),
    meta: { errorMessage: OBSERVATION_MESSAGES.acknowledgeFailed },
  });
}

/** A set recorded or an alert acknowledged on a stay in the doctor's charge (the `wards` topic) refreshes the alerts. */
export function useAlertsLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(DOCTOR_EVENTS_PATH, ['wards'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.inpatient.alerts });
  });
}
