import { PASSKEY_MESSAGES, type Passkey, type PasskeyList, type RenamePasskey } from '@carepoint/contract';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ceremonyMeta, inBrowser, toastCeremonyError } from '@/lib/passkeys';
import { queryKeys } from '@/lib/query-keys';

/* The signed-in person's own passkeys (Security page); signing in with one is the login page's. */

export const passkeysQuery = queryOptions({
  queryKey: queryKeys.user.passkeys,
  queryFn: ({ signal }) => api.get<PasskeyList>('/user/passkeys', { signal }),
  meta: { errorMessage: PASSKEY_MESSAGES.loadFailed },
});

const useRefreshPasskeys = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
};

/** Add a passkey: the browser makes it (with a fingerprint, face or PIN), the server keeps it. */
export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async () => {
      const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        '/user/passkeys/options',
      );
      const response = await inBrowser(
        () => startRegistration({ optionsJSON: options }),
        PASSKEY_MESSAGES.registrationFailed,
      );
      return api.post<Passkey>('/user/passkeys', { response });
    },
    onSuccess: refresh,
    onError: toastCeremonyError,
    meta: ceremonyMeta(PASSKEY_MESSAGES.registrationFailed),
  });
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RenamePasskey }) =>
      api.patch<Passkey>(`/user/passkeys/${id}`, body),
    onSuccess: refresh,
    meta: { errorMessage: PASSKEY_MESSAGES.renameFailed },
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/user/passkeys/${id}`),
    onSuccess: refresh,
    meta: { errorMessage: PASSKEY_MESSAGES.removeFailed },
  });
}
