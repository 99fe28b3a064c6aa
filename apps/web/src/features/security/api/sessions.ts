import { SESSION_MESSAGES, type SessionList, type SessionsEnded } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Where the signed-in person is signed in (the Security page's Sessions), and ending those sessions. */

export function useMySessions() {
  return useQuery({
    queryKey: queryKeys.user.sessions,
    queryFn: ({ signal }) => api.get<SessionList>('/auth/sessions', { signal }),
    meta: { errorMessage: SESSION_MESSAGES.loadFailed },
  });
}

/** A change to the list: the list is read again whatever the answer (another tab may have ended one too). */
function useSessionsMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  errorMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.user.sessions }),
    meta: { errorMessage },
  });
}

export const useEndSession = () =>
  useSessionsMutation(
    (id: string) => api.delete<{ ok: true }>(`/auth/sessions/${id}`),
    SESSION_MESSAGES.endFailed,
  );

export const useEndOtherSessions = () =>
  useSessionsMutation(() => api.delete<SessionsEnded>('/auth/sessions'), SESSION_MESSAGES.endOthersFailed);
