import { DOCTOR_APPOINTMENT_MESSAGES } from '@carepoint/contract';
import { CalendarCheck, CalendarClock, CalendarRange, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { WaitingEmergency } from '@/components/waiting-emergency';
import { useDoctorDashboard, useDoctorLiveUpdates } from '@/features/doctor/api/appointments';
import { NextPatient } from '@/features/doctor/components/appointments/next-patient';
import {
  RowsLoading,
  TodaysAppointments,
} from '@/features/doctor/components/appointments/todays-appointments';
import { RecentPrescriptions } from '@/features/doctor/components/prescriptions/recent-prescriptions';
import { DoctorAlertsPanel } from '@/features/inpatient/observations/doctor-alerts-panel';
import { RecollectionsPanel } from '@/features/lab/components/recollections-panel';
import { CorrectionNotices } from '@/features/lab-results/correction-notices';
import { DoctorLabAlertsPanel } from '@/features/lab-results/critical-alerts-panel';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatWeekdayDate } from '@/lib/format';

/**
 * The doctor's day (/doctor and /doctor/dashboard): today's appointments in time order with
 * their status actions, the counts, the next patient and the emergency patients waiting now,
 * and the doctor's recent prescriptions, all computed by the server.
 */
export default function DoctorDashboardPage() {
  const { user } = useAuth();
  const dashboard = useDoctorDashboard();
  useDoctorLiveUpdates();
  const data = dashboard.data;
  const loading = dashboard.isPending;

  const header = (
    <PageHeader
      title="Dashboard"
      description={
        data
          ? `${user ? `Dr ${user.lastName}, ` : ''}your day: ${formatWeekdayDate(data.today)}.`
          : 'Your day at a glance.'
      }
      actions={
        <Link to="/doctor/appointments?add=1" className={buttonClass()}>
          <Plus aria-hidden size={16} /> Add new Appointment
        </Link>
      }
    />
  );

  if (dashboard.isError && !data) {
    return (
      <>
        {header}
        <Card>
          <ErrorState
            message={errorMessage(dashboard.error, DOCTOR_APPOINTMENT_MESSAGES.dashboardFailed)}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <StatTile
            label="Today"
            value={data?.counts.today}
            icon={CalendarCheck}
            hint="Appointments today, not cancelled"
            to="/doctor/appointments"
            loading={loading}
          />
          <StatTile
            label="Waiting for confirmation"
            value={data?.counts.pending}
            icon={CalendarClock}
            hint="Pending, from today on"
            to="/doctor/appointments?period=upcoming"
            loading={loading}
          />
          <StatTile
            label="This week"
            value={data?.counts.week}
            icon={CalendarRange}
            hint="Monday to Sunday, not cancelled"
            loading={loading}
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <Card
            title="Today's appointments"
            className="min-w-0 lg:col-span-2"
            actions={
              <Link
                to="/doctor/appointments"
                className="text-sm font-medium text-primary-800 hover:underline"
              >
                View all
              </Link>
            }
          >
            {data ? (
              <TodaysAppointments appointments={data.appointments} />
            ) : (
              <RowsLoading label="Loading today's appointments" rows={4} />
            )}
          </Card>
          {/* min-w-0: truncated names must not widen the grid's column past the screen. */}
          <div className="flex min-w-0 flex-col gap-6">
            <DoctorLabAlertsPanel />
            <CorrectionNotices />
            <DoctorAlertsPanel />
            <RecollectionsPanel />
            <Card title="Next patient">
              {data ? (
                <NextPatient next={data.next} today={data.today} />
              ) : (
                <RowsLoading label="Loading" rows={1} />
              )}
            </Card>
            <Card
              title={
                <span className="flex items-center gap-2">
                  Emergency room
                  {data ? (
                    <span className="text-sm font-normal text-ink-muted">{data.emergency.total} waiting</span>
                  ) : null}
                </span>
              }
            >
              {data ? (
                <WaitingEmergency entries={data.emergency.data} total={data.emergency.total} />
              ) : (
                <RowsLoading label="Loading the emergency room" rows={2} />
              )}
            </Card>
            <RecentPrescriptions />
          </div>
        </div>
      </div>
    </>
  );
}
