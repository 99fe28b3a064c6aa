import {
  type ConfirmTwoFactor,
  type Reauthenticate,
  type RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersField } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * Two-factor sign-in on the Security page (/api/two-factor/*).
 * Each change reloads the status; a field's refusal is shown under it only.
 */

const meta = { errorMessage: TWO_FACTOR_MESSAGES.changeFailed };

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: queryKeys.user.twoFactor,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/two-factor', { signal }),
    meta: { errorMessage: TWO_FACTOR_MESSAGES.loadFailed },
  });

/** A mutation of the user's own two-factor sign-in that reloads its status when done. */
function useTwoFactorMutation<I, R>(send: (input: I) => Promise<R>, fields: readonly string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.twoFactor }),
    meta: { ...meta, shownInline: answersField(fields) },
  });
}

export const useStartTwoFactorSetup = () =>
  useTwoFactorMutation(() => api.post<TwoFactorSetup>('/two-factor/setup'));

export const useConfirmTwoFactor = () =>
  useTwoFactorMutation(
    (body: ConfirmTwoFactor) => api.post<RecoveryCodes>('/two-factor/confirm', body),
    ['code'],
  );

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation(
    (body: Reauthenticate) => api.post<RecoveryCodes>('/two-factor/recovery-codes', body),
    ['codeOrPassword'],
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation(
    (body: Reauthenticate) => api.post<{ ok: true }>('/two-factor/disable', body),
    ['codeOrPassword'],
  );
