import { SESSION_MESSAGES, type SessionsEnded } from '@carepoint/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** An administrator signs a person out everywhere (a lost laptop): every session of theirs ends. */
export function useEndAllSessionsOf() {
  return useMutation({
    mutationFn: (userId: string) => api.delete<SessionsEnded>(`/admin/users/${userId}/sessions`),
    meta: { errorMessage: SESSION_MESSAGES.endAllFailed },
  });
}
