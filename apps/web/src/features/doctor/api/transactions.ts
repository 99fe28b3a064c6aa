import {
  type BillableAppointment,
  type CreateInvoice,
  type InvoiceAction,
  type InvoiceDetail,
  type InvoicePage,
  type InvoiceSummary,
  type PaymentMethod,
  TRANSACTION_MESSAGES,
  type UpdateInvoice,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * The doctor's Transactions: TanStack Query hooks over /api/doctor/invoices. Keys start with
 * 'doctor-invoices', so a new invoice, an edit or a status move refreshes the list, the cards
 * and the open sheet together.
 */

/** A page of the doctor's invoices for a query string (`?page&limit&sort&order&q&status`). */
export const invoicesQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.invoices.list(queryString),
    queryFn: ({ signal }) => api.get<InvoicePage>(`/doctor/invoices${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: TRANSACTION_MESSAGES.listFailed },
  });

export const useInvoiceSummary = () =>
  useQuery({
    queryKey: queryKeys.doctor.invoices.summary,
    queryFn: ({ signal }) => api.get<InvoiceSummary>('/doctor/invoices/summary', { signal }),
    meta: { errorMessage: TRANSACTION_MESSAGES.listFailed },
  });

/** The open sheet's invoice (each read is audited on the server). */
export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.doctor.invoices.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/doctor/invoices/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    // The sheet shows the error in place.
    meta: { errorMessage: false },
  });

/** Completed appointments without an active invoice, for the New Invoice dialog. */
export const useBillableAppointments = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.doctor.invoices.billable(q),
    queryFn: ({ signal }) =>
      api.get<{ data: BillableAppointment[] }>(
        `/doctor/invoices/billable${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        { signal },
      ),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorMessage: TRANSACTION_MESSAGES.listFailed },
  });

/** A 400 is the form's to show under its fields. */
const isFormAnswer = (error: unknown) => isApiRequestError(error) && error.status === 400;

function useInvoiceMutation<V>(send: (values: V) => Promise<InvoiceDetail>, errorMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (invoice) => client.setQueryData(queryKeys.doctor.invoices.detail(invoice.id), invoice),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.invoices.all }),
    meta: { errorMessage, shownInline: isFormAnswer },
  });
}

export const useCreateInvoice = () =>
  useInvoiceMutation(
    (input: CreateInvoice) => api.post<InvoiceDetail>('/doctor/invoices', input),
    TRANSACTION_MESSAGES.saveFailed,
  );

export const useUpdateInvoice = () =>
  useInvoiceMutation(
    ({ id, input }: { id: string; input: UpdateInvoice }) =>
      api.put<InvoiceDetail>(`/doctor/invoices/${id}`, input),
    TRANSACTION_MESSAGES.saveFailed,
  );

export type InvoiceMove =
  | { action: Extract<InvoiceAction, 'pay'>; id: string; method: PaymentMethod }
  | { action: Extract<InvoiceAction, 'cancel'>; id: string }
  | { action: Extract<InvoiceAction, 'refund'>; id: string; reason: string };

/** Mark paid, cancel or refund: the server moves it only from the status the move needs. */
export const useInvoiceMove = () =>
  useInvoiceMutation((move: InvoiceMove) => {
    const { action, id, ...body } = move;
    return api.post<InvoiceDetail>(`/doctor/invoices/${id}/${action}`, body);
  }, TRANSACTION_MESSAGES.actionFailed);

/** Download PDF: the server sends the file as an attachment. */
export const invoicePdfHref = (id: string) => `/api/doctor/invoices/${id}/pdf`;
