import { DISPENSING_MESSAGES, type DispensingQueueEntry, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/lib/format';
import { useDispensingQueue, usePharmacyLiveUpdates } from '../api/dispensing';
import { AllergyBadges } from '../components/allergy-badges';

const columns: DataTableColumn<DispensingQueueEntry>[] = [
  {
    id: 'written',
    header: 'Written',
    enableHiding: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.writtenAt)}</span>
    ),
  },
  {
    id: 'patient',
    header: 'Patient',
    enableHiding: false,
    cell: ({ row: { original: entry } }) => (
      <span className="block min-w-36">
        <span className="block font-medium text-ink">{entry.patient.name}</span>
        {entry.patient.recordNumber ? (
          <span className="block text-xs text-ink-muted">
            {RECORD_NUMBER_LABEL} {entry.patient.recordNumber}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'allergies',
    header: 'Allergies',
    enableHiding: false,
    cell: ({ row }) => <AllergyBadges allergies={row.original.patient.allergies} />,
  },
  {
    id: 'prescriber',
    header: 'Prescriber',
    enableHiding: false,
    cell: ({ row }) => row.original.prescriber.name,
  },
  {
    id: 'medicines',
    header: 'Medicines',
    enableHiding: false,
    cell: ({ row: { original: entry } }) => (
      <span className="whitespace-nowrap">
        {entry.lines} {entry.lines === 1 ? 'medicine' : 'medicines'}
        {entry.partlyDispensed > 0 ? (
          <span className="block text-xs text-warning-800">{entry.partlyDispensed} partly dispensed</span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    enableHiding: false,
    cell: ({ row: { original: entry } }) => (
      <Link
        to={`/pharmacy/dispensing/${entry.id}`}
        className={buttonClass({ size: 'sm' })}
        aria-label={`Dispense the prescription of ${entry.patient.name}`}
      >
        Dispense
      </Link>
    ),
  },
];

/**
 * The dispensing queue: active prescriptions with a medicine still owed, oldest first, each with
 * the patient's recorded allergies and the prescriber. Live on the pharmacy's stream: a new
 * prescription appears without a reload.
 */
export default function DispensingPage() {
  const live = usePharmacyLiveUpdates();
  const queue = useDispensingQueue();
  return (
    <>
      <PageHeader
        title="Dispensing"
        description={`Prescriptions waiting, oldest first, live${live === 'live' ? '' : ` (${live})`}.`}
      />
      <DataTable
        label="Prescriptions waiting"
        columns={columns}
        data={queue.data ?? []}
        getRowId={(entry) => entry.id}
        isLoading={queue.isPending}
        error={queue.isError ? DISPENSING_MESSAGES.loadFailed : null}
        onRetry={() => void queue.refetch()}
        emptyText="No prescriptions waiting."
      />
    </>
  );
}
