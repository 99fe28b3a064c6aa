import {
  type Account,
  type BillingPatient,
  type CashierDay,
  IDEMPOTENCY_HEADER,
  PAYMENT_MESSAGES,
  type Receipt,
  type ReceiptKind,
  type Refund,
  type TakePaymentOutput,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';

/*
 * The cashier's money (docs/areas/billing-payments.md). Every change refreshes all of billing's
 * reads (the account's header, its receipts, the day, the patients' balances).
 */

const keys = {
  account: (id: string) => [...queryKeys.billing.all, 'account', id] as const,
  receipts: (id: string, qs: string) => [...queryKeys.billing.all, 'receipts', id, qs] as const,
  patients: (qs: string) => [...queryKeys.billing.all, 'patients', qs] as const,
  day: [...queryKeys.billing.all, 'day'] as const,
};

const patientPath = (id: string) => `/billing/patients/${encodeURIComponent(id)}`;

export const useAccount = (id: string) =>
  useQuery({
    queryKey: keys.account(id),
    queryFn: ({ signal }) => api.get<Account>(patientPath(id), { signal }),
    meta: { errorMessage: PAYMENT_MESSAGES.loadFailed },
  });

/** The patients page, for ListTable (`owing`: only those who owe, largest first). */
export const billingPatientsQuery = (owing: boolean) => (queryString: string) => {
  const qs = owing ? `${queryString ? `${queryString}&` : '?'}owing=true` : queryString;
  return queryOptions({
    queryKey: keys.patients(qs),
    queryFn: ({ signal }) => api.get<Page<BillingPatient>>(`/billing/patients${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const receiptsQuery = (patientId: string) => (queryString: string) =>
  queryOptions({
    queryKey: keys.receipts(patientId, queryString),
    queryFn: ({ signal }) =>
      api.get<Page<Receipt>>(`${patientPath(patientId)}/receipts${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCashierDay = () =>
  useQuery({
    queryKey: keys.day,
    queryFn: ({ signal }) => api.get<CashierDay>('/billing/day', { signal }),
  });

/** The receipt's PDF, opened in the browser. */
export const receiptPdfUrl = (id: string) =>
  `/api/billing/receipts/${encodeURIComponent(id)}/pdf?disposition=inline`;

function useBillingChange<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  error: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.billing.all }),
    meta: changeMeta(error, 'form'),
  });
}

/**
 * Take Payment or Record Deposit, with the dialog's Idempotency-Key: a double click or a retry
 * after a lost answer sends the same key, and the server answers the first payment again.
 */
export const useTakeReceipt = (kind: ReceiptKind, patientId: string) =>
  useBillingChange(
    ({ body, key }: { body: TakePaymentOutput; key: string }) =>
      api.post<Receipt>(`${patientPath(patientId)}/${kind === 'payment' ? 'payments' : 'deposits'}`, body, {
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    kind === 'payment' ? 'Failed to take the payment' : 'Failed to record the deposit',
  );

export const useDrawDown = (patientId: string) =>
  useBillingChange(
    (body: { amount: number }) => api.post<Account>(`${patientPath(patientId)}/drawdowns`, body),
    'Failed to apply the deposit',
  );

export const useRequestRefund = (receiptId: string) =>
  useBillingChange(
    (body: { amount: number; reason: string }) =>
      api.post<Refund>(`/billing/receipts/${encodeURIComponent(receiptId)}/refunds`, body),
    'Failed to ask for the refund',
  );

export const useCloseDay = () =>
  useBillingChange(
    (body: { countedCash: number }) => api.post<CashierDay>('/billing/day/close', body),
    'Failed to close the day',
  );
