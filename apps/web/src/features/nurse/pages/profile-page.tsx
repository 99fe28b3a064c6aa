import { AccountProfile } from '@/components/account-profile';
import { useOwnNurseRecord } from '@/features/nurse/api/dashboard';

/** The signed-in nurse's account and staff record: department and duty status, as Manage Nurses has them. */
export default function NurseProfilePage() {
  const record = useOwnNurseRecord().data;
  return (
    <AccountProfile
      roleLabel="Nurse"
      changePasswordTo="/nurse/change-password"
      rows={
        record
          ? [
              ['Department', record.department],
              ['Duty status', record.status],
            ]
          : []
      }
    />
  );
}
