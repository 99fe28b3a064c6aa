import { type ConnectedApp, SMART_MESSAGES } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/* The user's connected apps (GET/DELETE /api/user/connected-apps): shown on My Profile and Security. */

export const useConnectedApps = () =>
  useQuery({
    queryKey: queryKeys.user.connectedApps,
    queryFn: ({ signal }) => api.get<ConnectedApp[]>('/user/connected-apps', { signal }),
    meta: { errorMessage: SMART_MESSAGES.connectedAppsLoadFailed },
  });

export function useRevokeConnectedApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/user/connected-apps/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(SMART_MESSAGES.revoked),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.user.connectedApps }),
    meta: { errorMessage: SMART_MESSAGES.revokeFailed },
  });
}
