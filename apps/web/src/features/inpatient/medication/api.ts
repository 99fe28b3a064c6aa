import {
  type Administration,
  type AdministrationInput,
  type Mar,
  MEDICATION_ROUND_MESSAGES,
  type MedicationOrder,
  type MedicationOrderInput,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { medicineSearchAt } from '@/components/form/medicine-picker';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * The medication round of one stay: its record for a day, and the changes (a new order, a stop,
 * a dose). Every change reads the stay's record again, whatever the day shown.
 */

/** The formulary search behind a new order's medicine picker. */
export const medicineOrderSearch = medicineSearchAt(queryKeys.inpatient.medicines);

/** Read again every minute: doses fall due and others record them. */
const REFRESH_MS = 60_000;

/** The record of a day; without a date, the facility's today (the answer says which day). */
export function useMar(stayId: string, date: string | null) {
  return useQuery({
    queryKey: queryKeys.stay.marDay(stayId, date ?? 'today'),
    queryFn: ({ signal }) => api.get<Mar>(`/stays/${stayId}/mar${date ? `?date=${date}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    // The page shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}

function useStayChange<I, R>(stayId: string, send: (input: I) => Promise<R>, errorMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stay.mar(stayId) }),
    meta: changeMeta(errorMessage, 'form'),
  });
}

export const useCreateOrder = (stayId: string) =>
  useStayChange(
    stayId,
    (input: MedicationOrderInput) => api.post<MedicationOrder>(`/stays/${stayId}/medication-orders`, input),
    MEDICATION_ROUND_MESSAGES.saveFailed,
  );

export const useStopOrder = (stayId: string) =>
  useStayChange(
    stayId,
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<MedicationOrder>(`/medication-orders/${id}/stop`, { reason }),
    MEDICATION_ROUND_MESSAGES.saveFailed,
  );

export const useRecordDose = (stayId: string) =>
  useStayChange(
    stayId,
    ({ orderId, body }: { orderId: string; body: AdministrationInput }) =>
      api.post<Administration>(`/medication-orders/${orderId}/administrations`, body),
    MEDICATION_ROUND_MESSAGES.recordFailed,
  );
