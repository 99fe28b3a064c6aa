import type {
  BillableService,
  CreatePayerOutput,
  CreateServiceOutput,
  Payer,
  PriceHistory,
  SavePayerOutput,
  SetPriceOutput,
} from '@carepoint/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import type { WithId } from './shared';

/* Payers and their prices: every change refreshes what lib/api/price-lists.ts reads. */

function useBillingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  errorMessage: string,
  shown: 'form' | 'toast' = 'form',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.billing.all }),
    meta: changeMeta(errorMessage, shown),
  });
}

export const useCreatePayer = () =>
  useBillingMutation(
    (body: CreatePayerOutput) => api.post<Payer>('/admin/payers', body),
    'Failed to add payer',
  );
export const useUpdatePayer = () =>
  useBillingMutation(
    ({ id, body }: WithId<SavePayerOutput>) => api.put<Payer>(`/admin/payers/${id}`, body),
    'Failed to update payer',
  );
export const useSetPayerActive = () =>
  useBillingMutation(
    ({ id, active }: { id: string; active: boolean }) =>
      api.put<Payer>(`/admin/payers/${id}/status`, { active }),
    'Failed to change the payer',
    'toast',
  );
export const useSetPrice = () =>
  useBillingMutation(
    ({ id, body }: WithId<SetPriceOutput>) => api.post<PriceHistory>(`/admin/payers/${id}/prices`, body),
    'Failed to set the price',
  );
export const useCreateService = () =>
  useBillingMutation(
    (body: CreateServiceOutput) => api.post<BillableService>('/admin/billable-services', body),
    'Failed to add the service',
  );
