import type { Refund } from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta, type RefusalShown } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';

/* Refunds the cashiers asked for (docs/areas/billing-payments.md): the administrator decides. */

export const refundsQuery = (queryString: string) =>
  queryOptions({
    queryKey: [...queryKeys.billing.all, 'refunds', queryString] as const,
    queryFn: ({ signal }) => api.get<Page<Refund>>(`/admin/refunds${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });

function useRefundDecision<T>(send: (variables: T) => Promise<Refund>, shown: RefusalShown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.billing.all }),
    meta: changeMeta('Failed to decide the refund', shown),
  });
}

/** Approve: a confirmation's button, so every refusal is toasted. */
export const useApproveRefund = () =>
  useRefundDecision((id: string) => api.post<Refund>(`/admin/refunds/${id}/approve`), 'toast');

/** Reject: a form with the reason, whose refusal shows under its field. */
export const useRejectRefund = () =>
  useRefundDecision(
    ({ id, note }: { id: string; note: string }) => api.post<Refund>(`/admin/refunds/${id}/reject`, { note }),
    'form',
  );
