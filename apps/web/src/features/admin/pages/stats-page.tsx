import { ACTIVE_USER_DAYS, formatCount, formatNaira, STAT_CARDS, type Stats } from '@carepoint/contract';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { useStats } from '@/features/admin/api/analytics';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { errorMessage } from '@/lib/api-client';

/** What each figure counts, shown under it. */
const DEFINITIONS: Record<keyof Stats, string> = {
  allUsers: 'Every account: admins, doctors and patients.',
  activeUsers: `Active accounts that signed in within ${ACTIVE_USER_DAYS} days.`,
  pendingUsers: 'Accounts still to replace their one-time password.',
  totalEarnings: 'Sum of paid invoices.',
  completedAppointments: 'Appointments marked Completed.',
  pendingAppointments: 'Booked appointments not yet confirmed.',
};

const display = (key: keyof Stats, value: number) =>
  key === 'totalEarnings' ? formatNaira(value) : formatCount(value);

/** Admin stats: six real figures from the records. */
export default function StatsPage() {
  const stats = useStats();
  return (
    <>
      <PageHeader title="Stats" description="Users, earnings and appointments across the facility." />
      {stats.isError && !stats.data ? (
        <Card>
          <ErrorState
            message={errorMessage(stats.error, LOAD_FAILED.stats)}
            onRetry={() => void stats.refetch()}
          />
        </Card>
      ) : (
        <ul aria-label="Stats" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {STAT_CARDS.map(({ key, label }) => (
            <li key={key}>
              <StatTile
                label={label}
                loading={stats.isPending}
                value={stats.data ? display(key, stats.data[key]) : '–'}
                hint={DEFINITIONS[key]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
