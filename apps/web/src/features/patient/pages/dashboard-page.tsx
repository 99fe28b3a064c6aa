import { APPOINTMENT_MESSAGES } from '@carepoint/contract';
import { CalendarClock, History, Pill } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { usePatientSummary } from '@/features/patient/api/appointments';
import { NextAppointments } from '@/features/patient/components/next-appointments';
import { useAuth } from '@/lib/auth';

/** Patient Dashboard: the summary tiles (GET /api/patient/summary) and the next appointments. */
export default function PatientDashboardPage() {
  const { user } = useAuth();
  // A failure shows the error toast; the inline Retry below lets the patient try again.
  const summary = usePatientSummary();
  const data = summary.data;
  const lastVisit = data?.lastVisitDays;

  return (
    <>
      <PageHeader
        title="Patient Dashboard"
        description={
          user && data ? `${data.signedInBefore ? 'Welcome back' : 'Welcome'}, ${user.firstName}.` : undefined
        }
      />
      {summary.isError ? (
        <Card className="mb-6">
          <ErrorState
            message={APPOINTMENT_MESSAGES.summaryFailed}
            onRetry={() => void summary.refetch()}
            retrying={summary.isFetching}
          />
        </Card>
      ) : (
        <div className="mb-6 grid gap-4 sm:grid-cols-3">
          <StatTile
            label="Upcoming Appointments"
            icon={CalendarClock}
            value={data?.upcomingAppointments}
            loading={summary.isLoading}
            to="/patient/appointments"
          />
          <StatTile
            label="Prescriptions"
            icon={Pill}
            value={data?.prescriptions}
            loading={summary.isLoading}
          />
          <StatTile
            label="Days Since Last Visit"
            icon={History}
            value={lastVisit ?? '—'}
            hint={data && lastVisit === null ? 'No completed visit yet' : undefined}
            loading={summary.isLoading}
          />
        </div>
      )}
      <NextAppointments />
    </>
  );
}
