import { AccountProfile } from '@/components/account-profile';

/** The signed-in laboratory scientist's account. */
export default function LabProfilePage() {
  return <AccountProfile roleLabel="Laboratory scientist" changePasswordTo="/lab/change-password" />;
}
