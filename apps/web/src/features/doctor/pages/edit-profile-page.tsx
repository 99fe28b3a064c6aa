import { PROFILE_MESSAGES } from '@carepoint/contract';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { EditProfileForm } from '@/features/doctor/components/settings/edit-profile-form';
import { ProfileImageField } from '@/features/doctor/components/settings/profile-image-field';
import { useProfile } from '@/lib/api/profile';

/** Edit Profile: the picture (saved as soon as it is chosen) and the details form. */
export default function EditProfilePage() {
  const profile = useProfile();
  if (profile.isError) {
    return (
      <>
        <PageHeader title="Edit Profile" />
        <Card>
          <ErrorState
            message={PROFILE_MESSAGES.loadFailed}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Edit Profile" />
      {profile.data ? (
        <div className="flex flex-col gap-6">
          <Card title="Profile picture">
            <ProfileImageField profile={profile.data} />
          </Card>
          <Card title="Details">
            <EditProfileForm profile={profile.data} />
          </Card>
        </div>
      ) : (
        <Card>
          <div role="status" aria-label="Loading profile" className="flex flex-col gap-3">
            <Skeleton className="h-24 w-24 rounded-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        </Card>
      )}
    </>
  );
}
