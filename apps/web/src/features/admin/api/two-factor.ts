import { TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An administrator turns off another user's two-factor sign-in (they are told by e-mail). */
export const useResetTwoFactor = () =>
  useMutation({
    mutationFn: (userId: string) => api.post<{ ok: true }>(`/admin/users/${userId}/two-factor/reset`),
    meta: { errorMessage: TWO_FACTOR_MESSAGES.resetFailed },
  });
