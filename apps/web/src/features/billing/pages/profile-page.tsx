import { AccountProfile } from '@/components/account-profile';

/** The signed-in cashier's account. */
export default function BillingProfilePage() {
  return <AccountProfile roleLabel="Cashier" changePasswordTo="/billing/change-password" />;
}
