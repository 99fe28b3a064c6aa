import { homeOf, pathBelongsToRole, securityPath, type User } from '@carepoint/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isSigningOut } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const CONSENT_PAGE = '/authorize';

/** Where a signed-in user goes: the forced password change, the forced second factor, ?next= in their area, or their home. */
export function destinationAfterLogin(user: User, next: string | null): string {
  if (user.mustChangePassword) return '/set-password';
  if (user.mustSetUpSecondFactor) return securityPath(user.role);
  // An app's consent page (SMART on FHIR) is every role's.
  if (next?.startsWith(`${CONSENT_PAGE}?`)) return next;
  if (pathBelongsToRole(next, user.role)) return next;
  return homeOf(user.role);
}

/**
 * Keeps a signed-in user out of /login and /signup: once the stored session is confirmed by the
 * server, they go to ?next= (when it is in their area), or the forced password change, or their
 * home. Only a user signed in on arrival is sent on: a sign-in made on the page keeps its own
 * toast and delayed redirect.
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const { user, verifyState, ensureVerified } = useAuth();
  const [params] = useSearchParams();
  // Logout shows /login before it clears the session: a user on the way out is not sent back.
  const [signedInOnArrival] = useState(() => user !== null && !isSigningOut());

  useEffect(() => {
    if (signedInOnArrival) ensureVerified();
  }, [signedInOnArrival, ensureVerified]);

  if (!signedInOnArrival || !user) return children;
  if (verifyState !== 'done') {
    return (
      <p role="status" className="text-center text-sm text-ink-muted">
        Loading...
      </p>
    );
  }
  return <Navigate to={destinationAfterLogin(user, params.get('next'))} replace />;
}
