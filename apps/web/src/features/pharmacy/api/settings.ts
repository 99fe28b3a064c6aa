import { PHARMACY_STOCK_MESSAGES, type PharmacySettings } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersFields } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/** The pharmacy's facility settings (GET/PUT /api/admin/facility/pharmacy, admins only). */

const PATH = '/admin/facility/pharmacy';

export function usePharmacySettings() {
  return useQuery({
    queryKey: queryKeys.pharmacy.settings,
    queryFn: ({ signal }) => api.get<PharmacySettings>(PATH, { signal }),
    // The card shows its own error state.
    meta: { errorMessage: false },
  });
}

export function useSavePharmacySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PharmacySettings) => api.put<PharmacySettings>(PATH, settings),
    onSuccess: (saved) => client.setQueryData(queryKeys.pharmacy.settings, saved),
    meta: { errorMessage: PHARMACY_STOCK_MESSAGES.settingsFailed, shownInline: answersFields },
  });
}
