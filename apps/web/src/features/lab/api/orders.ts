import {
  type CancelLabOrderInput,
  DOCTOR_EVENTS_PATH,
  LAB_EVENTS_PATH,
  LAB_ORDER_MESSAGES,
  type LabOrder,
  type LabOrderInput,
  type LabOrderList,
  type LabRequisition,
  type LabTestOption,
  type LabWorklistPage,
  LIVE_EVENTS_PATH,
  NURSE_EVENTS_PATH,
  type RejectSpecimenInput,
  type Role,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * Lab orders as every area reads them: the lab's worklist, a patient's orders (the doctor's chart,
 * the stay page), the catalogue to order from, and the steps (order, collect, receive, reject,
 * cancel). Every change reads all of them again; so does every `lab` event of the area's stream.
 */

/** The worklist's page for a query string (?state&priority&page), for ListTable. */
export const worklistQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.lab.worklist(queryString),
    queryFn: ({ signal }) => api.get<LabWorklistPage>(`/lab/worklist${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    // The waited times move on even when nothing changes.
    refetchInterval: 60_000,
    meta: { errorMessage: LAB_ORDER_MESSAGES.loadFailed },
  });

/** One patient's orders, newest first; `open` only those still waiting on the laboratory. */
export function usePatientLabOrders(patientId: string, open = false) {
  return useQuery({
    queryKey: queryKeys.lab.patientOrders(patientId, open),
    queryFn: ({ signal }) =>
      api.get<LabOrderList>(`/lab/patients/${patientId}/orders${open ? '?open=true' : ''}`, { signal }),
    select: (list) => list.data,
    // The panel shows its own error state.
    meta: { errorMessage: false },
  });
}

/** The signed-in doctor's orders whose specimen was rejected (the dashboard's notice). */
export function useRecollections() {
  return useQuery({
    queryKey: queryKeys.lab.recollections,
    queryFn: ({ signal }) => api.get<LabOrderList>('/lab/recollections', { signal }),
    select: (list) => list.data,
    meta: { errorMessage: false },
  });
}

/** At most this many entries answer one search: the dialog shows a short list as the doctor types. */
const TESTS_OFFERED = 50;

/** The active catalogue matching what the doctor typed (the first entries by name when empty). */
export function useLabTestOptions(term: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.lab.tests(term),
    queryFn: ({ signal }) =>
      api.get<{ data: LabTestOption[] }>(
        `/lab-tests?limit=${TESTS_OFFERED}${term ? `&q=${encodeURIComponent(term)}` : ''}`,
        { signal },
      ),
    select: (list) => list.data,
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: LAB_ORDER_MESSAGES.testsLoadFailed },
  });
}

function useLabChange<I, R>(send: (input: I) => Promise<R>, errorMessage: string, inline = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.lab.all }),
    meta: inline ? changeMeta(errorMessage, 'form') : { errorMessage },
  });
}

export const usePlaceLabOrder = () =>
  useLabChange(
    (input: LabOrderInput) => api.post<LabRequisition>('/lab/orders', input),
    LAB_ORDER_MESSAGES.saveFailed,
    true,
  );

export const useCollectSpecimen = () =>
  useLabChange(
    (id: string) => api.post<LabOrder>(`/lab/orders/${id}/collect`, {}),
    'Could not collect the specimen',
  );

export const useReceiveSpecimen = () =>
  useLabChange(
    (id: string) => api.post<LabOrder>(`/lab/orders/${id}/receive`, {}),
    'Could not receive the specimen',
  );

export const useRejectSpecimen = () =>
  useLabChange(
    ({ id, body }: { id: string; body: RejectSpecimenInput }) =>
      api.post<LabOrder>(`/lab/orders/${id}/reject`, body),
    'Could not reject the specimen',
    true,
  );

export const useCancelLabOrder = () =>
  useLabChange(
    ({ id, body }: { id: string; body: CancelLabOrderInput }) =>
      api.post<LabOrder>(`/lab/orders/${id}/cancel`, body),
    'Could not cancel the order',
    true,
  );

/** The label of an order's specimen, to open in a tab and print. */
export const labelUrl = (orderId: string) => `/api/lab/orders/${orderId}/label.pdf?disposition=inline`;

const EVENTS_OF: Partial<Record<Role, string>> = {
  admin: LIVE_EVENTS_PATH,
  doctor: DOCTOR_EVENTS_PATH,
  nurse: NURSE_EVENTS_PATH,
  lab: LAB_EVENTS_PATH,
};

/** Keeps lab orders live on this screen: a `lab` event on the role's stream reads them again. */
export function useLabLiveUpdates(role: Role) {
  const client = useQueryClient();
  return useEventStream(EVENTS_OF[role] ?? LAB_EVENTS_PATH, ['lab'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.lab.all });
  });
}
