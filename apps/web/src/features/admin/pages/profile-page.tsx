import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { fullName } from '@/lib/format';

/** The signed-in admin's account: who they are, and the way to Change Password. */
export default function AdminProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  const name = fullName(user);
  const rows: Array<[string, string]> = [
    ['Name', name],
    ['Email', user.email],
    ['Phone', user.phone ?? 'Not set'],
    ['Role', 'Admin'],
  ];
  return (
    <>
      <PageHeader
        title="My Profile"
        actions={
          <Link to="/admin/change-password" className={buttonClass({ variant: 'secondary' })}>
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
          {rows.map(([label, value]) => (
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
