import { PROFILE_MESSAGES, type Profile, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { ConnectedApps } from '@/components/connected-apps';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { HealthRecordDownload } from '@/features/patient/components/health-record-download';
import { ProfileForm } from '@/features/patient/components/profile-form';
import { ReminderSetting } from '@/features/patient/components/reminder-setting';
import { useProfile } from '@/lib/api/profile';
import { formatCalendarDate, fullName } from '@/lib/format';

const NOT_SET = 'Not set';

function ProfileDetails({ user }: { user: Profile }) {
  const rows: Array<[string, string | null]> = [
    // Given by the clinic: shown, never edited (the form has no such field).
    [RECORD_NUMBER_LABEL, user.recordNumber],
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['Email', user.email],
    ['Phone', user.phone],
    ['Date of birth', user.dateOfBirth ? formatCalendarDate(user.dateOfBirth) : null],
    ['Address', user.address],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-medium text-ink-muted">{label}</dt>
          <dd className="mt-0.5 break-words text-ink">{value || NOT_SET}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="grid gap-4 sm:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-40" />
        </div>
      ))}
    </div>
  );
}

/** My Profile: view mode, and an edit mode whose Cancel restores the saved values. */
export default function MyProfilePage() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const user = profile.data;

  let body = <ProfileSkeleton />;
  if (profile.isError) {
    body = (
      <ErrorState
        message={PROFILE_MESSAGES.loadFailed}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else if (user) {
    body = editing ? (
      <ProfileForm user={user} onDone={() => setEditing(false)} />
    ) : (
      <ProfileDetails user={user} />
    );
  }

  return (
    <>
      <PageHeader
        title="My Profile"
        actions={
          user && !editing ? (
            <Button onClick={() => setEditing(true)}>
              <Pencil aria-hidden size={16} /> Edit Profile
            </Button>
          ) : null
        }
      />
      <Card>
        {user ? (
          <div className="mb-6 flex items-center gap-4">
            <Avatar name={fullName(user)} imageUrl={user.imageUrl} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-ink">
                {user.firstName} {user.lastName}
              </p>
              <p className="truncate text-sm text-ink-muted">{user.email}</p>
            </div>
          </div>
        ) : null}
        {body}
      </Card>
      {user ? <ReminderSetting /> : null}
      {user ? <HealthRecordDownload patientId={user.id} /> : null}
      {user ? <ConnectedApps className="mt-4" /> : null}
    </>
  );
}
