import { TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation } from './shared';

/** An administrator turns off another user's two-factor sign-in (they are told by e-mail). */
export const useResetTwoFactor = () =>
  useAdminMutation(
    (userId: string) => api.post<{ ok: true }>(`/admin/users/${userId}/two-factor/reset`),
    ['doctors', 'patients'],
    TWO_FACTOR_MESSAGES.resetFailed,
  );
