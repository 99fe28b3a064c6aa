import { BILLING_MESSAGES, type Payer, type PriceHistory, type PriceListRow } from '@carepoint/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';

/*
 * Payers and their price lists (docs/areas/billing.md), read by the admin's Payers screens and
 * the cashier's Price Lists alike. The admin's changes invalidate queryKeys.billing.all.
 */

export const usePayers = () =>
  useQuery({
    queryKey: queryKeys.billing.payers,
    queryFn: ({ signal }) => api.get<Payer[]>('/payers', { signal }),
    meta: { errorMessage: BILLING_MESSAGES.payersLoadFailed },
  });

export const usePayer = (id: string) =>
  useQuery({
    queryKey: queryKeys.billing.payer(id),
    queryFn: ({ signal }) => api.get<Payer>(`/payers/${encodeURIComponent(id)}`, { signal }),
    meta: { errorMessage: BILLING_MESSAGES.payersLoadFailed },
  });

/** A payer's price list page for a query string (?page&limit&sort&order&q&kind&at), for ListTable. */
export const priceListQuery = (payerId: string) => (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.billing.prices(payerId, queryString),
    queryFn: ({ signal }) =>
      api.get<Page<PriceListRow>>(`/payers/${encodeURIComponent(payerId)}/prices${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: BILLING_MESSAGES.pricesLoadFailed },
  });

/** Every price a service has had on the payer's list (the history dialog). */
export const usePriceHistory = (payerId: string, serviceId: string | null) =>
  useQuery({
    queryKey: queryKeys.billing.history(payerId, serviceId ?? ''),
    queryFn: ({ signal }) =>
      api.get<PriceHistory>(`/payers/${encodeURIComponent(payerId)}/prices/${serviceId}`, { signal }),
    enabled: serviceId !== null,
    meta: { errorMessage: BILLING_MESSAGES.pricesLoadFailed },
  });
