import { type AddChargeOutput, type BillPage, CHARGE_MESSAGES, type Charge } from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/* A patient's bill (docs/areas/billing-charges.md): its pages, Add Charge and Void. */

const billPath = (patientId: string) => `/billing/patients/${encodeURIComponent(patientId)}/charges`;

/** A page of the bill with its totals, for a query string (?page&limit&sort&order&q&status&source&from&to). */
export const billQuery = (patientId: string) => (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.billing.billPage(patientId, queryString),
    queryFn: ({ signal }) => api.get<BillPage>(`${billPath(patientId)}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CHARGE_MESSAGES.billLoadFailed },
  });

function useBillMutation<TVariables>(
  patientId: string,
  mutationFn: (variables: TVariables) => Promise<Charge>,
  errorMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.billing.bill(patientId) }),
    meta: changeMeta(errorMessage, 'form'),
  });
}

export const useAddCharge = (patientId: string) =>
  useBillMutation(
    patientId,
    (body: AddChargeOutput) => api.post<Charge>(billPath(patientId), body),
    'Failed to add the charge',
  );

export const useVoidCharge = (patientId: string) =>
  useBillMutation(
    patientId,
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<Charge>(`/billing/charges/${encodeURIComponent(id)}/void`, { reason }),
    'Failed to void the charge',
  );
