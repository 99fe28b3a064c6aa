import { PROFILE_MESSAGES } from '@carepoint/contract';
import { Activity, CalendarCheck, CalendarClock, HeartPulse } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';
import { useDoctorActivity } from '@/features/doctor/api/settings';

/** The profile card's "medical actions": the doctor's own work, counted from the records. */
export function MedicalActions() {
  const activity = useDoctorActivity();
  const loading = activity.isPending;
  const value = (n: number | undefined) => (activity.isError ? '—' : (n ?? 0));
  return (
    <section aria-labelledby="medical-actions">
      <h2 id="medical-actions" className="mb-3 text-base font-semibold text-ink">
        Medical actions
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile
          label="Completed this month"
          icon={CalendarCheck}
          loading={loading}
          value={value(activity.data?.completedThisMonth)}
        />
        <StatTile
          label="Patients seen"
          icon={Activity}
          loading={loading}
          value={value(activity.data?.patientsSeen)}
        />
        <StatTile
          label="Appointments today"
          icon={CalendarClock}
          loading={loading}
          value={value(activity.data?.upcomingToday)}
          to="/doctor/appointments"
        />
        <StatTile
          label="Triaged today"
          icon={HeartPulse}
          loading={loading}
          value={value(activity.data?.triagedToday)}
          to="/doctor/triage"
        />
      </div>
      {activity.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {PROFILE_MESSAGES.activityLoadFailed}{' '}
          <button type="button" className="font-medium underline" onClick={() => void activity.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
    </section>
  );
}
