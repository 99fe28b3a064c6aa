import { formatNaira } from '@carepoint/contract';
import { Outlet, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TabNav } from '@/components/ui/tab-nav';
import { errorMessage } from '@/lib/api-client';
import { useAccount } from '../api/payments';

const TABS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '', label: 'Bill' },
  { to: 'payments', label: 'Payments' },
  { to: 'coverage', label: 'Coverage' },
];

/**
 * A patient's account (/billing/patients/:id): name, record number, balance and deposits held at
 * the top, then its tabs: Bill (the charges), Payments, Coverage. The tabs read the account from
 * the outlet's context.
 */
export default function AccountLayout() {
  const { id = '' } = useParams();
  const account = useAccount(id);
  const base = `/billing/patients/${id}`;
  if (account.isError)
    return (
      <ErrorState
        message={errorMessage(account.error, 'The account could not be loaded')}
        onRetry={() => void account.refetch()}
      />
    );
  if (!account.data)
    return (
      <div role="status" aria-label="Loading the account">
        <Skeleton className="h-28 w-full" />
      </div>
    );
  const { patient, balance, depositsHeld } = account.data;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold text-ink">{patient.name}</h1>
            <p className="mt-1 text-sm text-ink-muted">{patient.recordNumber}</p>
          </div>
          <dl className="flex gap-6 text-right">
            <div>
              <dt className="text-sm text-ink-muted">Balance</dt>
              <dd data-testid="account-balance" className="text-2xl font-semibold tabular-nums text-ink">
                {formatNaira(balance)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Deposits held</dt>
              <dd className="text-2xl font-semibold tabular-nums text-ink">{formatNaira(depositsHeld)}</dd>
            </div>
          </dl>
        </div>
      </Card>
      <TabNav label="Account" base={base} tabs={TABS} />
      <Outlet context={account.data} />
    </div>
  );
}
