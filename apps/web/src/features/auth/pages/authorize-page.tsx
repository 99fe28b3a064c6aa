import { type AuthorizeQuery, authorizeQuerySchema, SMART_MESSAGES } from '@carepoint/contract';
import { Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import {
  useApproveAuthorization,
  useAuthorizationRequest,
  useDenyAuthorization,
} from '@/features/auth/api/authorize';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { PatientPicker } from '@/features/auth/components/patient-picker';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** The request's parameters from the page's address (what the app sent to /oauth/authorize). */
function useAuthorizeQuery(): AuthorizeQuery {
  const [params] = useSearchParams();
  return useMemo(() => {
    const parsed = authorizeQuerySchema.safeParse(Object.fromEntries(params));
    return parsed.success ? parsed.data : {};
  }, [params]);
}

/** Leaves CarePoint for the app (its redirect URI, checked by the server). */
const goTo = (url: string) => window.location.assign(url);

/**
 * SMART on FHIR consent: after the sign-in (the API's 401 sends the user to the login page and
 * back here), the app's name and what it asks for in plain words; staff choose the patient of a
 * launch/patient request; Allow sends the app a code, Deny sends it access_denied.
 */
export default function AuthorizePage() {
  const query = useAuthorizeQuery();
  const { user } = useAuth();
  const request = useAuthorizationRequest(query);
  const approve = useApproveAuthorization();
  const deny = useDenyAuthorization();
  const [patientId, setPatientId] = useState<string>();
  const [patientError, setPatientError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  if (request.isError) {
    return (
      <AuthCard title="This app cannot connect">
        <ErrorState message={errorMessage(request.error, 'The request could not be checked')} />
      </AuthCard>
    );
  }
  const details = request.data;
  if (!details) {
    return (
      <AuthCard title="Connect an app">
        <p role="status" className="text-sm text-ink-muted">
          Loading...
        </p>
      </AuthCard>
    );
  }

  const onAllow = async () => {
    if (details.choosePatient && !patientId) {
      setPatientError(SMART_MESSAGES.patientRequired);
      return;
    }
    try {
      const { redirectTo } = await approve.mutateAsync({ query, ...(patientId ? { patientId } : {}) });
      setLeaving(true);
      goTo(redirectTo);
    } catch (error) {
      setPatientError(errorMessage(error, 'Could not allow the app'));
    }
  };
  const onDeny = async () => {
    const { redirectTo } = await deny.mutateAsync(query);
    setLeaving(true);
    goTo(redirectTo);
  };

  return (
    <AuthCard
      title={`Allow ${details.appName} to use your CarePoint account?`}
      subtitle={user ? `Signed in as ${user.firstName} ${user.lastName}` : undefined}
    >
      <p className="text-sm font-medium text-ink">{details.appName} asks to:</p>
      <ul className="mt-2 flex flex-col gap-2" aria-label="What the app asks for">
        {details.descriptions.map((text) => (
          <li key={text} className="flex gap-2 text-sm text-ink-soft">
            <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-success-700" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {details.choosePatient ? (
        <PatientPicker
          value={patientId}
          onChange={(id) => {
            setPatientId(id);
            setPatientError(undefined);
          }}
          error={patientError}
        />
      ) : patientError ? (
        <p role="alert" className="mt-4 text-sm text-danger-800">
          {patientError}
        </p>
      ) : null}
      <p className="mt-4 text-xs text-ink-muted">
        Only read access: the app cannot change anything. You can revoke it at any time under Connected apps.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void onDeny()} loading={deny.isPending} disabled={leaving}>
          Deny
        </Button>
        <Button onClick={() => void onAllow()} loading={approve.isPending || leaving}>
          Allow
        </Button>
      </div>
    </AuthCard>
  );
}
