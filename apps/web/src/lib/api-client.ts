import type { ApiError } from '@carepoint/contract';
import { HTTP_TIMEOUT_MS, securityPath } from '@carepoint/contract';
import { clearSession, getSessionUser, setSessionUser } from './session';

const API_BASE = '/api';
const GENERIC_ERROR = 'An error occurred. Please try again.';

/** A failed API call: the server's `{ error, code, fieldErrors? }`, or a network/time-out failure. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** True when the client already redirected (401/403): callers need not show it again. */
  readonly redirected: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors?: Record<string, string[]>,
    redirected = false,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.redirected = redirected;
  }
}

export function isApiRequestError(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError;
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate function so redirects stay inside the SPA. */
export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData or a Blob/File (uploads; a Blob goes as its own type) */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Set false for calls whose 401 is an answer, not a lost session (the login itself). */
  authRedirect?: boolean;
  timeoutMs?: number;
};

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/*
 * While the user signs out, requests still in flight come back 401 once the session is gone;
 * logout itself goes to /login, so they must not redirect to /login?next=<the page being left>.
 */
let signingOut = false;
/** Whether a logout is under way (the auth pages must not send the leaving user back in). */
export const isSigningOut = () => signingOut;
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

function handleAuthFailure(status: number, code: string): boolean {
  if (signingOut && (status === 401 || status === 403)) return true;
  if (status === 403 && code === 'PASSWORD_CHANGE_REQUIRED') {
    if (window.location.pathname !== '/set-password') navigate('/set-password', { replace: true });
    return true;
  }
  if (status === 403 && code === 'SECOND_FACTOR_REQUIRED') {
    const user = getSessionUser();
    // The stored user is stale (set up elsewhere, or the role's rule is new): read it again there.
    if (user) {
      setSessionUser({ ...user, mustSetUpSecondFactor: true });
      const to = securityPath(user.role);
      if (window.location.pathname !== to) navigate(to, { replace: true });
      return true;
    }
  }
  if (status === 401 || status === 403) {
    clearSession();
    const { pathname } = window.location;
    if (pathname !== '/login') {
      navigate(`/login?next=${encodeURIComponent(currentPath())}`, { replace: true });
    }
    return true;
  }
  return false;
}

async function readError(
  response: Response,
): Promise<{ message: string; code: string; fieldErrors?: Record<string, string[]> }> {
  const fallbackCode = response.status === 429 ? 'RATE_LIMITED' : `HTTP_${response.status}`;
  const text = await response.text().catch(() => '');
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json') && text) {
    try {
      const body = JSON.parse(text) as Partial<ApiError>;
      if (typeof body.error === 'string' && body.error) {
        return { message: body.error, code: body.code ?? fallbackCode, fieldErrors: body.fieldErrors };
      }
      const maybeMessage = (body as { message?: unknown }).message;
      if (typeof maybeMessage === 'string' && maybeMessage)
        return { message: maybeMessage, code: fallbackCode };
    } catch {
      // Not JSON after all: fall through to the text.
    }
  }
  // 429 answers with a plain-text body that the spec shows as is.
  const trimmed = text.trim();
  if (trimmed && !type.includes('text/html')) return { message: trimmed, code: fallbackCode };
  // No text of the server's own (an empty body, a proxy's HTML page): the call's default
  // message is shown, not the HTTP status text.
  return { message: '', code: fallbackCode };
}

/** Calls the CarePoint API under /api with the session cookie; throws ApiRequestError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, authRedirect = true } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof Blob) {
    headers['Content-Type'] ??= body.type || 'application/octet-stream';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    if (timedOut) throw new ApiRequestError(0, 'TIMEOUT', 'The request timed out. Please try again.');
    throw new ApiRequestError(0, 'NETWORK', GENERIC_ERROR);
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  if (!response.ok) {
    const { message, code, fieldErrors } = await readError(response);
    const redirected = authRedirect && handleAuthFailure(response.status, code);
    throw new ApiRequestError(response.status, code, message, fieldErrors, redirected);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  return (await response.text()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The message to show for a failed call: the server's error text, else the given default. */
export function errorMessage(err: unknown, fallback: string = GENERIC_ERROR): string {
  if (err instanceof ApiRequestError && err.message && err.code !== 'NETWORK') return err.message;
  return fallback;
}
