import { type InvoiceDetail, type InvoicePage, TRANSACTION_MESSAGES } from '@carepoint/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/* The patient's own invoices: read-only hooks over /api/patient/invoices. */

export const myInvoicesQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.patient.invoices(queryString),
    queryFn: ({ signal }) => api.get<InvoicePage>(`/patient/invoices${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: TRANSACTION_MESSAGES.listFailed },
  });

export const useMyInvoice = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.patient.invoice(id ?? ''),
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/patient/invoices/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: false },
  });

export const myInvoicePdfHref = (id: string) => `/api/patient/invoices/${id}/pdf`;
