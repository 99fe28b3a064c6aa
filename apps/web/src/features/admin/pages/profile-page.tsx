import { AccountProfile } from '@/components/account-profile';

/** The signed-in admin's account: who they are, and the way to Change Password. */
export default function AdminProfilePage() {
  return <AccountProfile roleLabel="Admin" changePasswordTo="/admin/change-password" />;
}
