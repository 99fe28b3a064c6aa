import { AccountProfile } from '@/components/account-profile';

/** The signed-in pharmacist's account. */
export default function PharmacyProfilePage() {
  return <AccountProfile roleLabel="Pharmacist" changePasswordTo="/pharmacy/change-password" />;
}
