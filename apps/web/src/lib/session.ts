import type { User } from '@carepoint/contract';

/**
 * The signed-in user kept for the UI in localStorage under `user` (the spec allows it; it
 * holds no secret). The session itself is the server's httpOnly `token` cookie, which
 * scripts never see. Kept free of zod so it can sit in the landing page's first load.
 */
const STORAGE_KEY = 'user';
const listeners = new Set<() => void>();
let cache: { raw: string | null; user: User | null } = { raw: null, user: null };

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string'
  );
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getSessionUser(): User | null {
  const raw = readStorage();
  if (raw === cache.raw) return cache.user;
  let user: User | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      user = isUser(parsed) ? parsed : null;
    } catch {
      user = null;
    }
  }
  cache = { raw, user };
  return user;
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Whether the session ended by the user's own Logout (not lost to the server): the guards then
 * send them to plain /login, without ?next= for the page they left, whenever they re-render.
 */
let endedByLogout = false;
export const sessionEndedByLogout = () => endedByLogout;

export function setSessionUser(user: User | null): void {
  if (user) endedByLogout = false;
  try {
    if (user) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory view still updates.
  }
  notify();
}

/** Ends the session in this browser; `byLogout` when the user signed out themselves. */
export function clearSession(byLogout = false): void {
  endedByLogout = byLogout;
  setSessionUser(null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
