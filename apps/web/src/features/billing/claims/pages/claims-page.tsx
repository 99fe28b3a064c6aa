import {
  CLAIM_SORTABLE,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  type ClaimSummary,
  formatNaira,
} from '@carepoint/contract';
import { BarChart3 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { columnsFor, FilterSelect, ListTable, withSorting } from '@/components/data-table';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { useUrlFilter } from '@/lib/use-url-filters';
import { claimListQuery } from '../api';
import { ClaimStatusBadge } from '../components/claim-status';
import { NewClaimButton } from '../components/new-claim-dialog';

const col = columnsFor<ClaimSummary>();

const columns = withSorting(CLAIM_SORTABLE, [
  {
    ...col.text('number', 'Claim', (c) => c.number),
    cell: ({ row }) => (
      <Link
        className="font-medium text-primary-700 hover:underline"
        to={`/billing/claims/${row.original.id}`}
      >
        {row.original.number}
      </Link>
    ),
  },
  col.text('payer', 'Payer', (c) => c.payer.name),
  col.text(
    'period',
    'Period',
    (c) => `${formatCalendarDate(c.periodFrom)} – ${formatCalendarDate(c.periodTo)}`,
  ),
  {
    ...col.text('status', 'Status', (c) => CLAIM_STATUS_LABELS[c.status]),
    cell: ({ row }) => <ClaimStatusBadge claim={row.original} />,
  },
  col.text('lines', 'Lines', (c) => c.lineCount),
  col.text('total', 'Claimed', (c) => formatNaira(c.totalClaimed)),
  col.text('paid', 'Paid', (c) => formatNaira(c.totalPaid)),
  col.text('created', 'Created', (c) => formatDateTime(c.createdAt)),
]);

/** Claims (the cashier): every claim to NHIA and the HMOs, newest first; New Claim; the ageing. */
export default function ClaimsPage() {
  const [status] = useUrlFilter('status');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Claims"
        description="Claims to NHIA and the HMOs for their covered care, from draft to the payer's remittance."
        actions={
          <>
            <Link to="/billing/claims/ageing" className={buttonClass({ variant: 'secondary' })}>
              <BarChart3 aria-hidden size={16} /> Ageing
            </Link>
            <NewClaimButton />
          </>
        }
      />
      <ListTable
        query={claimListQuery}
        label="Claims"
        columns={columns}
        searchPlaceholder="Search by claim number or payer"
        filters={{ status }}
        onRowClick={(claim) => void navigate(`/billing/claims/${claim.id}`)}
        emptyText="No claims yet. New Claim gathers a payer's covered charges of a period."
        toolbar={
          <FilterSelect
            name="status"
            label="Status"
            values={CLAIM_STATUSES}
            labels={CLAIM_STATUS_LABELS}
            allLabel="All statuses"
          />
        }
      />
    </>
  );
}
