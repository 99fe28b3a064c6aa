import { PROFILE_MESSAGES, type Profile } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's own profile (/api/user/profile): My Profile and the doctor's settings. */
export function useProfile() {
  return useQuery({
    queryKey: queryKeys.user.profile,
    queryFn: async ({ signal }) => (await api.get<{ user: Profile }>('/user/profile', { signal })).user,
    meta: { errorMessage: PROFILE_MESSAGES.loadFailed },
  });
}
