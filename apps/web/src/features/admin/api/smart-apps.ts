import {
  type CreatedSmartApp,
  type CreateSmartApp,
  SMART_MESSAGES,
  type SmartApp,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/* The SMART Apps screen's data (GET/POST/PATCH /api/admin/smart-apps; docs/fhir.md "SMART on FHIR"). */

export const useSmartApps = () =>
  useQuery({
    queryKey: queryKeys.admin.smartApps,
    queryFn: ({ signal }) => api.get<SmartApp[]>('/admin/smart-apps', { signal }),
    meta: { errorMessage: SMART_MESSAGES.appsLoadFailed },
  });

export function useRegisterSmartApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSmartApp) => api.post<CreatedSmartApp>('/admin/smart-apps', body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.smartApps }),
  });
}

export function useSetSmartAppDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api.patch<SmartApp>(`/admin/smart-apps/${encodeURIComponent(id)}`, { disabled }),
    onSuccess: (app) => toast.success(app.disabled ? SMART_MESSAGES.disabled : SMART_MESSAGES.enabled),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.smartApps }),
    meta: { errorMessage: SMART_MESSAGES.appChangeFailed },
  });
}
