import { MESSAGES } from '@carepoint/contract';
import {
  isCancelledError,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError, errorMessage } from './api-client';
import { getSessionUser, subscribeSession } from './session';

/**
 * What a query or mutation tells the app's one error-toast handler (below) about its failures.
 * Set on the hook in the feature's api.ts: `meta: { errorMessage: 'Could not fetch beds' }`.
 */
export type CallMeta = {
  /**
   * The toast's text when the server gives no `error` text: the spec's default for this call
   * (e.g. "Failed to add bed"); MESSAGES.genericError when not set. `false`: never a toast, the
   * screen shows the failure in place (a hint under a field, a search that finds nothing).
   */
  errorMessage?: string | false;
  /** Failures the screen shows in place instead of a toast (e.g. a form's own 400 answer). */
  shownInline?: (error: unknown) => boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** The fallback text a query or mutation's failure is shown with on screen (e.g. an ErrorState). */
export const fallbackOf = (meta: CallMeta | undefined): string =>
  typeof meta?.errorMessage === 'string' ? meta.errorMessage : MESSAGES.genericError;

/**
 * Every failed call shows one error toast, with the server's `error` text (a 429's
 * plain-text body) or the call's default. Called once per failure by the caches (after the
 * retries, not per component that reads the query). A 401/403 has already cleared the session
 * and gone to /login: no toast.
 */
function toastCallError(error: unknown, meta: CallMeta | undefined): void {
  if (isCancelledError(error) || meta?.errorMessage === false || meta?.shownInline?.(error)) return;
  if (error instanceof ApiRequestError && error.redirected) return;
  toast.error(errorMessage(error, fallbackOf(meta)));
}

/** The one QueryClient of the app; its cache is dropped when the session ends. */
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastCallError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => toastCallError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same again; retry only network failures and 5xx, twice.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
    },
  },
});

subscribeSession(() => {
  if (!getSessionUser()) queryClient.clear();
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
