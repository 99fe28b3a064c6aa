import {
  type BatchOptionList,
  DISPENSING_MESSAGES,
  type DispenseInput,
  type DispensingPrescription,
  type DispensingQueue,
  type Medicine,
  PHARMACY_EVENTS_PATH,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * Dispensing as the pharmacist works it: the queue, one prescription with its lines and batches,
 * the formulary to pick a medicine from, and the dispense itself. Every dispense, and every
 * `pharmacy` event of the pharmacy's stream (a prescription written, changed or dispensed),
 * reads them all again.
 */

export function useDispensingQueue() {
  return useQuery({
    queryKey: queryKeys.pharmacy.queue,
    queryFn: ({ signal }) => api.get<DispensingQueue>('/pharmacy/dispensing/queue', { signal }),
    select: (queue) => queue.data,
    // The list shows its own error state.
    meta: { errorMessage: false },
  });
}

export function useDispensingPrescription(id: string) {
  return useQuery({
    queryKey: queryKeys.pharmacy.prescription(id),
    queryFn: ({ signal }) =>
      api.get<DispensingPrescription>(`/pharmacy/dispensing/prescriptions/${id}`, { signal }),
    meta: { errorMessage: false },
  });
}

/** A medicine's in-date batches in the main store, the one expiring first on top. */
export function useMedicineBatches(medicineId: string | null) {
  return useQuery({
    queryKey: queryKeys.pharmacy.batches(medicineId ?? ''),
    queryFn: ({ signal }) =>
      api.get<BatchOptionList>(`/pharmacy/dispensing/medicines/${medicineId}/batches`, { signal }),
    select: (list) => list.data,
    enabled: medicineId !== null,
    meta: { errorMessage: false },
  });
}

/** At most this many medicines answer one search: a short list as the pharmacist types. */
const MEDICINES_OFFERED = 10;

/** The active formulary matching what was typed (GET /api/medicines, the staff's search). */
export function useMedicineSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pharmacy.medicines(term),
    queryFn: ({ signal }) =>
      api.get<{ data: Medicine[] }>(`/medicines?limit=${MEDICINES_OFFERED}&q=${encodeURIComponent(term)}`, {
        signal,
      }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    enabled: enabled && term.length > 0,
    // The picker answers in its list: no toast while typing.
    meta: { errorMessage: false },
  });
}

export function useDispense(prescriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DispenseInput) =>
      api.post<DispensingPrescription>(`/pharmacy/dispensing/prescriptions/${prescriptionId}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pharmacy.all }),
    meta: changeMeta(DISPENSING_MESSAGES.saveFailed, 'form'),
  });
}

/** A dispensed item's label, to open in a tab and print. */
export const labelUrl = (itemId: string) =>
  `/api/pharmacy/dispensing/items/${itemId}/label.pdf?disposition=inline`;

/** Keeps the pharmacy's screens live: a `pharmacy` event reads them again. */
export function usePharmacyLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(PHARMACY_EVENTS_PATH, ['pharmacy'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.pharmacy.all });
  });
}
