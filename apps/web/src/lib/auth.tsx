import type {
  LoginAnswer,
  LoginInput,
  LoginResponse,
  MeResponse,
  SecondFactorLogin,
  SecondFactorMethod,
  User,
} from '@carepoint/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, setApiNavigator, setSigningOut } from './api-client';
import { setFacilityTimeZone } from './format';
import { clearSession, getSessionUser, setSessionUser, subscribeSession } from './session';

type VerifyState = 'idle' | 'checking' | 'done';

/** The password step's outcome: signed in, or a challenge for the second step and the factors that finish it. */
export type SignInOutcome = { user: User } | { challenge: string; methods: SecondFactorMethod[] };

type AuthContextValue = {
  /** The signed-in user as last seen (localStorage `user`), or null. */
  user: User | null;
  /** Whether the stored user has been checked against GET /api/auth/me in this page load. */
  verifyState: VerifyState;
  /**
   * POST /api/auth/login; throws ApiRequestError on failure (401 is a failed login, not a
   * redirect). An account with a second factor answers a challenge for the code step instead.
   */
  login: (input: LoginInput) => Promise<SignInOutcome>;
  /** The second step (POST /api/auth/login/second-factor, a code or a passkey): the session, as login's. */
  completeSecondFactor: (input: SecondFactorLogin) => Promise<User>;
  /** Takes the answer of a sign-in by another method (a passkey) as the session. */
  completeSignIn: (answer: LoginResponse) => User;
  /** Ends the server session, clears the client one and goes to /login. */
  logout: () => Promise<void>;
  setUser: (user: User | null) => void;
  /** Re-reads the user from GET /api/auth/me (after a password or profile change). */
  refreshUser: () => Promise<User | null>;
  /** Checks the stored user once per page load; signed-in shells call it. */
  ensureVerified: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/*
 * Whether the stored user was checked with the server in this page load. Module state, so
 * the auth pages' and each shell's provider (all lazily loaded, none in the landing page's
 * first load) share one check.
 */
let verifyState: VerifyState = 'idle';
let verifying: Promise<User | null> | null = null;
const verifyListeners = new Set<() => void>();
function setVerifyState(next: VerifyState) {
  verifyState = next;
  for (const listener of verifyListeners) listener();
}
const subscribeVerify = (listener: () => void) => {
  verifyListeners.add(listener);
  return () => verifyListeners.delete(listener);
};
const getVerifyState = () => verifyState;

/** Keeps a completed sign-in's session: every sign-in method ends here. */
function startSession(answer: LoginResponse): User {
  setFacilityTimeZone(answer.timeZone);
  setSessionUser(answer.user);
  // A fresh sign-in is verified by definition.
  verifying = Promise.resolve(answer.user);
  setVerifyState('done');
  return answer.user;
}

/**
 * Signed-in state for the auth pages and the shells. Also lets the API client redirect
 * (401/403) through the router instead of reloading the page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const user = useSyncExternalStore(subscribeSession, getSessionUser, () => null);
  const currentVerifyState = useSyncExternalStore(subscribeVerify, getVerifyState, getVerifyState);

  useEffect(() => {
    setApiNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);

  const refreshUser = useCallback(async () => {
    const { user: fresh, timeZone } = await apiRequest<MeResponse>('/auth/me');
    setFacilityTimeZone(timeZone);
    setSessionUser(fresh);
    return fresh;
  }, []);

  const ensureVerified = useCallback(() => {
    if (verifying) return;
    setVerifyState('checking');
    verifying = refreshUser()
      .catch(() => null) // a 401 has already cleared the session and redirected to /login
      .finally(() => setVerifyState('done'));
  }, [refreshUser]);

  const login = useCallback(async (input: LoginInput): Promise<SignInOutcome> => {
    const answer = await apiRequest<LoginAnswer>('/auth/login', {
      method: 'POST',
      body: input,
      authRedirect: false,
    });
    if ('challenge' in answer) return { challenge: answer.challenge, methods: answer.methods };
    return { user: startSession(answer) };
  }, []);

  const completeSecondFactor = useCallback(async (input: SecondFactorLogin) => {
    const answer = await apiRequest<LoginResponse>('/auth/login/second-factor', {
      method: 'POST',
      body: input,
      authRedirect: false,
    });
    return startSession(answer);
  }, []);

  const logout = useCallback(async () => {
    setSigningOut(true);
    try {
      await apiRequest('/auth/logout', { method: 'POST', body: {}, authRedirect: false });
    } catch {
      // The session may already be gone on the server; the client one is cleared anyway.
    }
    try {
      // Leave the shell first; if the login page is still loading (after a full page load its
      // code is not in yet), the shell is still mounted when the session clears, and its guard
      // then sends the user to plain /login as well (sessionEndedByLogout), not /login?next=.
      await navigate('/login', { replace: true, flushSync: true });
      clearSession(true);
      verifying = null;
      setVerifyState('idle');
    } finally {
      setSigningOut(false);
    }
  }, [navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      verifyState: currentVerifyState,
      login,
      completeSignIn: startSession,
      completeSecondFactor,
      logout,
      setUser: setSessionUser,
      refreshUser,
      ensureVerified,
    }),
    [user, currentVerifyState, login, completeSecondFactor, logout, refreshUser, ensureVerified],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within the AuthProvider');
  return value;
}
