import { homeOf, type Role, securityPath } from '@carepoint/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { sessionEndedByLogout } from '@/lib/session';

/** A full-height placeholder while the stored session is checked with the server. */
function SessionLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="text-sm text-ink-muted">Loading...</span>
    </div>
  );
}

/**
 * Guards a signed-in area. Not signed in: /login?next=<here>. Must change a one-time
 * password: /set-password. Another role: that user's own home. Must set up a second factor
 * (MFA_REQUIRED_ROLES): the area's Security page. The server enforces the
 * same rules on every call; this only keeps people out of screens they cannot use.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user, verifyState, ensureVerified } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (user) ensureVerified();
  }, [user, ensureVerified]);

  if (!user) {
    if (sessionEndedByLogout()) return <Navigate to="/login" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (verifyState !== 'done') return <SessionLoading />;
  if (user.mustChangePassword) return <Navigate to="/set-password" replace />;
  if (user.role !== role) return <Navigate to={homeOf(user.role)} replace />;
  if (user.mustSetUpSecondFactor && location.pathname !== securityPath(role)) {
    return <Navigate to={securityPath(role)} replace />;
  }
  return children;
}
