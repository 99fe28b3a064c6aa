import {
  type Ledger,
  type Moved,
  PHARMACY_EVENTS_PATH,
  PHARMACY_STOCK_MESSAGES,
  type StockAdjustmentInput,
  type StockPage,
  type StockReceiptInput,
  type StockReturnInput,
  type StockRow,
  type StockTransferInput,
  type StoreList,
} from '@carepoint/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * The pharmacy's stock (docs/areas/pharmacy.md): the stock screen's pages, one medicine's batches,
 * the stores, a batch's ledger, and the goods movements. Every movement made here, and every
 * `stock` event of the pharmacy's stream (a movement or a dispense by anyone), reads them all again.
 */

/** The stock screen's pages, the sheets, the ledgers and the stores, read again. */
const readStockAgain = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.pharmacy.stock }),
    client.invalidateQueries({ queryKey: queryKeys.pharmacy.stores }),
  ]);

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
    onSettled: () => readStockAgain(client),
    meta: changeMeta(failed, 'form'),
  });
}

export const useReceive = () => useStockChange<StockReceiptInput>('receipts');
export const useTransfer = () => useStockChange<StockTransferInput>('transfers');
export const useReturn = () => useStockChange<StockReturnInput>('returns');
export const useAdjust = () => useStockChange<StockAdjustmentInput>('adjustments');

/** Keeps the stock screen live: a `stock` event (any committed change of stock) reads it again. */
export function useStockLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(PHARMACY_EVENTS_PATH, ['stock'], () => void readStockAgain(client));
}
