import { formatBloodPressure, TRIAGE_MESSAGES, type TriageAssessment } from '@carepoint/contract';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { StatusBadge } from '@/components/ui/badge';
import { useTodaysIntakes } from '@/features/doctor/api/triage';
import { formatTime } from '@/lib/format';

const vitalsOf = (i: TriageAssessment) =>
  [
    `HR ${i.heartRate}`,
    `BP ${formatBloodPressure(i.systolic, i.diastolic)}`,
    `${i.temperature} °C`,
    i.oxygenSaturation === null ? null : `SpO₂ ${i.oxygenSaturation}%`,
  ]
    .filter(Boolean)
    .join(' · ');

// Every column stays: the list is short and each one is part of the intake's story.
const columns: DataTableColumn<TriageAssessment>[] = [
  {
    id: 'time',
    header: 'Time',
    enableHiding: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatTime(row.original.recordedAt)}</span>
    ),
  },
  {
    id: 'patient',
    header: 'Patient',
    enableHiding: false,
    cell: ({ row: { original: i } }) => (
      <span>
        <span className="font-medium text-ink">{i.patientName}</span>
        {i.complaint ? <span className="block text-xs text-ink-muted">{i.complaint}</span> : null}
      </span>
    ),
  },
  { id: 'vitals', header: 'Vitals', enableHiding: false, cell: ({ row }) => vitalsOf(row.original) },
  {
    id: 'score',
    header: 'Score',
    enableHiding: false,
    cell: ({ row }) => <span className="tabular-nums">{row.original.score}</span>,
  },
  {
    id: 'priority',
    header: 'Priority',
    enableHiding: false,
    cell: ({ row }) => <StatusBadge status={row.original.priority} />,
  },
  {
    id: 'sentTo',
    header: 'Sent to',
    enableHiding: false,
    cell: ({ row: { original: i } }) => (
      <span>
        {i.department === 'ER' ? 'Emergency room' : i.department}
        {i.routingReason ? (
          <span className="block text-xs text-ink-muted">
            Suggested {i.suggestedDepartment}: {i.routingReason}
          </span>
        ) : null}
      </span>
    ),
  },
];

/**
 * Today's intakes by this doctor, newest first, with the four list states of UI.md. A DataTable,
 * so on a phone each intake is a card with every field, as the app's other lists are.
 */
export function RecentIntakes() {
  const intakes = useTodaysIntakes();
  return (
    <section aria-labelledby="todays-intakes" className="flex flex-col gap-2">
      <h2 id="todays-intakes" className="text-base font-semibold text-ink">
        Today’s intakes
      </h2>
      <DataTable
        label="Today’s intakes"
        columns={columns}
        data={intakes.data ?? []}
        getRowId={(i) => i.id}
        isLoading={intakes.isPending}
        error={intakes.isError ? TRIAGE_MESSAGES.loadFailed : null}
        onRetry={() => void intakes.refetch()}
        emptyText={TRIAGE_MESSAGES.empty}
        skeletonRows={3}
      />
    </section>
  );
}
