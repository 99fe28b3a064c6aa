import {
  type Ledger,
  type Moved,
  PHARMACY_STOCK_MESSAGES,
  type StockAdjustmentInput,
  type StockPage,
  type StockReceiptInput,
  type StockReturnInput,
  type StockRow,
  type StockTransferInput,
  type StoreList,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * The pharmacy's stock (docs/areas/pharmacy.md): the stock screen's pages, one medicine's batches,
 * the stores, a batch's ledger, and the goods movements. Every movement reads all of them again.
 */

/** The stock screen's page for a query string (?page&limit&sort&order&q&alert), for ListTable. */
export const stockPageQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.pharmacy.stockPage(queryString),
    queryFn: ({ signal }) => api.get<StockPage>(`/pharmacy/stock${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.loadFailed },
  });

/** One medicine as the stock screen shows it, for its batches sheet. */
export function useStockRow(medicineId: string | null) {
  return useQuery({
    queryKey: queryKeys.pharmacy.medicine(medicineId ?? ''),
    queryFn: ({ signal }) => api.get<StockRow>(`/pharmacy/stock/${medicineId}`, { signal }),
    enabled: medicineId !== null,
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.loadFailed },
  });
}

/** The main store and every ward (its store's id once stock went there). */
export function useStores() {
  return useQuery({
    queryKey: queryKeys.pharmacy.stores,
    queryFn: ({ signal }) => api.get<StoreList>('/pharmacy/stores', { signal }),
    select: (list) => list.data,
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.loadFailed },
  });
}

/** A batch's ledger, newest first. */
export function useBatchLedger(batchId: string | null) {
  return useQuery({
    queryKey: queryKeys.pharmacy.ledger(batchId ?? ''),
    queryFn: ({ signal }) => api.get<Ledger>(`/pharmacy/stock/batches/${batchId}/ledger`, { signal }),
    enabled: batchId !== null,
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.loadFailed },
  });
}

/**
 * A change of stock from a form (`POST /pharmacy/stock/<path>`): its field refusals show under the
 * fields; the stock, the stores and the count sheets are read again after it, whatever its outcome.
 */
export function useStockChange<I, R = Moved>(path: string, failed = 'Could not record the stock movement') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post<R>(`/pharmacy/stock/${path}`, input),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.pharmacy.stock });
      await client.invalidateQueries({ queryKey: queryKeys.pharmacy.stores });
    },
    meta: changeMeta(failed, 'form'),
  });
}

export const useReceive = () => useStockChange<StockReceiptInput>('receipts');
export const useTransfer = () => useStockChange<StockTransferInput>('transfers');
export const useReturn = () => useStockChange<StockReturnInput>('returns');
export const useAdjust = () => useStockChange<StockAdjustmentInput>('adjustments');
