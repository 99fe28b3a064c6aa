import {
  type CountPosted,
  type CountPostInput,
  type CountPreview,
  type CountPreviewInput,
  type CountSheet,
  PHARMACY_STOCK_MESSAGES,
  STOCK_COUNT_MESSAGES,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useStockChange } from './stock';

/*
 * Stock counts (docs/areas/pharmacy-stock.md): a store's count sheet, the preview of a count's
 * variance (which writes nothing), and its post (which moves stock: everything is read again).
 */

/** A page of the store's batches to count, for a query string (?storeId&page&limit&q), for ListTable. */
export const countSheetQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.pharmacy.countSheet(queryString),
    queryFn: ({ signal }) => api.get<CountSheet>(`/pharmacy/stock/counts/sheet${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.loadFailed },
  });

/** Each counted line against the record; a refusal naming lines is shown on them, not toasted. */
export function usePreviewCount() {
  return useMutation({
    mutationFn: (input: CountPreviewInput) => api.post<CountPreview>('/pharmacy/stock/counts/preview', input),
    meta: changeMeta(STOCK_COUNT_MESSAGES.previewFailed, 'form'),
  });
}

export const usePostCount = () =>
  useStockChange<CountPostInput, CountPosted>('counts', STOCK_COUNT_MESSAGES.postFailed);
