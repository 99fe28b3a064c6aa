import type { ErPage, ErStatus, Nurse } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The nurse's own area: their staff record and the emergency room's list, read only. */

/** Read again every minute while the dashboard is open: waits grow and arrivals come in. */
const REFRESH_MS = 60_000;

export function useOwnNurseRecord() {
  return useQuery({
    queryKey: queryKeys.nurse.me,
    queryFn: ({ signal }) => api.get<Nurse>('/nurse/me', { signal }),
  });
}

/** The first `limit` emergency-room entries of a status, in triage order (most severe, longest wait first). */
export function useEmergencyRoom(status: ErStatus, limit: number) {
  const query = new URLSearchParams({ status, limit: String(limit) }).toString();
  return useQuery({
    queryKey: queryKeys.nurse.emergencyRoom(query),
    queryFn: ({ signal }) => api.get<ErPage>(`/nurse/emergency-room?${query}`, { signal }),
    refetchInterval: REFRESH_MS,
    // The card shows its own error state with a retry.
    meta: { errorMessage: false },
  });
}
