import {
  type DoctorActivity,
  PROFILE_IMAGE_MESSAGES,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfile,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * The doctor's settings: the profile (with experience and picture), its "medical actions",
 * A changed name or picture also refreshes the signed-in user, so the
 * header's avatar and profile card follow at once.
 */

export function useDoctorActivity() {
  return useQuery({
    queryKey: queryKeys.doctor.activity,
    queryFn: ({ signal }) => api.get<DoctorActivity>('/doctor/profile/activity', { signal }),
    meta: { errorMessage: false },
  });
}

/** After a change to the profile: the page's copy and the signed-in user (header, profile card). */
function useProfileSaved() {
  const client = useQueryClient();
  const { refreshUser } = useAuth();
  return async (profile: Profile) => {
    client.setQueryData(queryKeys.user.profile, profile);
    await refreshUser().catch(() => null);
  };
}

export function useUpdateDoctorProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (values: UpdateProfile) =>
      (await api.put<{ user: Profile }>('/user/profile', values)).user,
    onSuccess: saved,
    meta: { errorMessage: PROFILE_MESSAGES.updateFailed },
  });
}

/** Sends the picture's bytes as they are; the server checks their type and size again. */
export function useUploadProfileImage() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (file: File) => (await api.put<{ user: Profile }>('/user/profile/image', file)).user,
    onSuccess: saved,
    // The message shows under the picture field.
    meta: { errorMessage: false },
  });
}

export function useRemoveProfileImage() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async () => (await api.delete<{ user: Profile }>('/user/profile/image')).user,
    onSuccess: saved,
    meta: { errorMessage: PROFILE_IMAGE_MESSAGES.uploadFailed },
  });
}
