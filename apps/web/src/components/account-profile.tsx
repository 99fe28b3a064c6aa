import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { fullName } from '@/lib/format';

type AccountProfileProps = {
  /** How the role is named ("Admin", "Nurse"). */
  roleLabel: string;
  /** The area's Change Password page. */
  changePasswordTo: string;
  /** The area's own lines after Name, Email, Phone and Role (a nurse's department). */
  rows?: ReadonlyArray<[label: string, value: string]>;
};

/** A staff member's My Profile: who they are, and the way to Change Password (admins, nurses). */
export function AccountProfile({ roleLabel, changePasswordTo, rows = [] }: AccountProfileProps) {
  const { user } = useAuth();
  if (!user) return null;
  const name = fullName(user);
  const lines: Array<[string, string]> = [
    ['Name', name],
    ['Email', user.email],
    ['Phone', user.phone ?? 'Not set'],
    ['Role', roleLabel],
    ...rows,
  ];
  return (
    <>
      <PageHeader
        title="My Profile"
        actions={
          <Link to={changePasswordTo} className={buttonClass({ variant: 'secondary' })}>
            <KeyRound aria-hidden size={16} /> Change Password
          </Link>
        }
      />
      <Card className="max-w-xl">
        <div className="flex items-center gap-4 border-b border-border pb-4">
          <Avatar name={name} imageUrl={user.imageUrl} size="lg" decorative />
          <p className="text-lg font-semibold text-ink">{name}</p>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {lines.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm font-medium text-ink-muted">{label}</dt>
              <dd className="mt-0.5 break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}
