import { PROFILE_MESSAGES, type Profile } from '@carepoint/contract';
import { CalendarPlus, KeyRound, Mail, Phone, Stethoscope, UserPen } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { MedicalActions } from '@/features/doctor/components/settings/medical-actions';
import { useProfile } from '@/lib/api/profile';
import { fullName } from '@/lib/format';

const experienceText = (years: number | null) =>
  years === null ? 'Experience not set' : `${years} year${years === 1 ? '' : 's'} of experience`;

function DoctorCard({ doctor }: { doctor: Profile }) {
  const name = `Dr ${fullName(doctor)}`;
  return (
    <Card className="overflow-hidden" data-testid="doctor-card">
      <div className="-m-4 mb-0 bg-primary-50 px-4 pt-6 pb-4 sm:px-6">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:text-left">
          <Avatar
            name={fullName(doctor)}
            imageUrl={doctor.imageUrl}
            size="xl"
            className="ring-4 ring-surface"
          />
          <div className="min-w-0 flex-1">
            <h2 className="text-xl font-semibold text-ink">{name}</h2>
            <p className="mt-0.5 inline-flex items-center gap-1.5 text-sm text-primary-900">
              <Stethoscope aria-hidden size={16} />
              {doctor.specialty ?? 'Specialty not set'}
            </p>
            <p className="text-sm text-ink-soft">{experienceText(doctor.experienceYears)}</p>
          </div>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-6 sm:px-2">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <Mail aria-hidden size={16} className="text-ink-muted" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="truncate text-ink">{doctor.email}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-hidden size={16} className="text-ink-muted" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd className="text-ink">{doctor.phone ?? 'Not set'}</dd>
          </div>
        </dl>
        <MedicalActions />
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          <Link to="/doctor/appointments?add=1" className={buttonClass()}>
            <CalendarPlus aria-hidden size={16} /> Make Appointments
          </Link>
          <Link to="/doctor/settings/edit-profile" className={buttonClass({ variant: 'secondary' })}>
            <UserPen aria-hidden size={16} /> Edit Profile
          </Link>
          <Link to="/doctor/settings/change-password" className={buttonClass({ variant: 'secondary' })}>
            <KeyRound aria-hidden size={16} /> Change Password
          </Link>
        </div>
      </div>
    </Card>
  );
}

function CardSkeleton() {
  return (
    <Card>
      <div role="status" aria-label="Loading profile" className="flex items-center gap-4">
        <Skeleton className="h-24 w-24 rounded-full" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
    </Card>
  );
}

/** Settings > Profile (docs/areas/triage-schedule-profile.md): the signed-in doctor's card, their work, and where to change things. */
export default function DoctorProfilePage() {
  const profile = useProfile();
  let body = <CardSkeleton />;
  if (profile.isError) {
    body = (
      <Card>
        <ErrorState
          message={PROFILE_MESSAGES.loadFailed}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      </Card>
    );
  } else if (profile.data) body = <DoctorCard doctor={profile.data} />;
  return (
    <>
      <PageHeader title="Profile" />
      {body}
    </>
  );
}
