import { type DemoRequestInput, MESSAGES } from '@carepoint/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The public pages' calls (/api/public/*). A failure shows an error toast with the server's
 * text or the spec's generic message.
 */

/** Schedule Demo: stored by the server and listed for admins. */
export const useRequestDemo = () =>
  useMutation({
    mutationFn: (values: DemoRequestInput) => api.post<{ id: string }>('/public/demo-requests', values),
    meta: { errorMessage: MESSAGES.genericError },
  });
