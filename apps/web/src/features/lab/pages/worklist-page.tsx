import {
  LAB_ORDER_MESSAGES,
  LAB_PRIORITIES,
  LAB_RECEIVABLE,
  LAB_REJECTABLE,
  LAB_WORKLIST_FILTERS,
  LAB_WORKLIST_PAGE_SIZE,
  type LabOrder,
  RECORD_NUMBER_LABEL,
  SPECIMEN_TYPES,
} from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, ListTable } from '@/components/data-table';
import { Button, buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useUrlFilter } from '@/lib/use-url-filters';
import {
  labelUrl,
  useCollectSpecimen,
  useLabLiveUpdates,
  useReceiveSpecimen,
  worklistQuery,
} from '../api/orders';
import { CollectedDialog } from '../components/collected-dialog';
import { LabStateBadge, PriorityBadge, WaitedCell } from '../components/lab-badges';
import { RejectDialog } from '../components/reject-dialog';

const STATE_FILTERS = LAB_WORKLIST_FILTERS.filter((f) => f !== 'open');
const GENDER_LETTER: Record<string, string> = { male: 'M', female: 'F', other: 'X', unknown: '?' };

/** "34 y F": the patient's age and sex as a bench reads them. */
const ageSex = (order: LabOrder) =>
  [
    order.patient.age === null ? null : `${order.patient.age} y`,
    order.patient.gender ? GENDER_LETTER[order.patient.gender] : null,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The laboratory's worklist: open orders by priority (STAT, Urgent, Routine) and age, or those
 * of one state; each with its patient, tests, specimen and accession, and the time waited against
 * the turnaround target. Live on the lab's stream. Collect gives the accession and the label;
 * Receive and Reject follow as the state allows.
 */
export default function WorklistPage() {
  const live = useLabLiveUpdates('lab');
  const [state] = useUrlFilter('state');
  const [priority] = useUrlFilter('priority');
  const collect = useCollectSpecimen();
  const receive = useReceiveSpecimen();
  const [collected, setCollected] = useState<LabOrder | null>(null);
  const [rejecting, setRejecting] = useState<LabOrder | null>(null);
  const col = columnsFor<LabOrder>();

  const columns: DataTableColumn<LabOrder>[] = [
    {
      id: 'priority',
      header: 'Priority',
      enableSorting: false,
      cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
    },
    {
      id: 'patient',
      header: 'Patient',
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <span className="block min-w-36">
          <span className="block font-medium text-ink">{row.original.patient.name}</span>
          <span className="block text-xs whitespace-nowrap text-ink-muted">
            {RECORD_NUMBER_LABEL} {row.original.patient.recordNumber}
            {ageSex(row.original) ? ` · ${ageSex(row.original)}` : ''}
          </span>
        </span>
      ),
    },
    {
      id: 'tests',
      header: 'Tests',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block min-w-32">
          <span className="block font-medium">{row.original.tests.map((t) => t.code).join(', ')}</span>
          <span
            className="block max-w-56 truncate text-xs text-ink-muted"
            title={row.original.tests.map((t) => t.name).join(', ')}
          >
            {row.original.tests.map((t) => t.name).join(', ')}
          </span>
        </span>
      ),
    },
    {
      id: 'specimen',
      header: 'Specimen',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block min-w-32">
          <span className="block">{SPECIMEN_TYPES[row.original.specimenType]}</span>
          <span className="block text-xs text-ink-muted">{row.original.container}</span>
          {row.original.specimen ? (
            <span className="block font-mono text-xs text-ink">{row.original.specimen.accession}</span>
          ) : row.original.lastRejection ? (
            <span className="block text-xs text-danger-700">
              Recollect: {row.original.lastRejection.reason}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'waited',
      header: 'Waited',
      enableSorting: false,
      cell: ({ row }) => <WaitedCell order={row.original} />,
    },
    {
      id: 'state',
      header: 'State',
      enableSorting: false,
      cell: ({ row }) => <LabStateBadge state={row.original.state} />,
    },
    col.text('requester', 'Requested by', (r) => r.requester.name),
    col.actions((r) => (
      <>
        {r.state === 'Ordered' ? (
          <Button
            size="sm"
            loading={collect.isPending && collect.variables === r.id}
            aria-label={`Collect the specimen of ${r.patient.name}`}
            onClick={() =>
              collect.mutate(r.id, {
                onSuccess: (order) => {
                  toast.success(LAB_ORDER_MESSAGES.collected);
                  setCollected(order);
                },
              })
            }
          >
            Collect
          </Button>
        ) : null}
        {LAB_RECEIVABLE.includes(r.state) ? (
          <Button
            size="sm"
            variant="secondary"
            loading={receive.isPending && receive.variables === r.id}
            aria-label={`Receive the specimen of ${r.patient.name}`}
            onClick={() =>
              receive.mutate(r.id, { onSuccess: () => toast.success(LAB_ORDER_MESSAGES.received) })
            }
          >
            Receive
          </Button>
        ) : null}
        {r.specimen ? (
          <a
            href={labelUrl(r.id)}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`Print the label of ${r.specimen.accession}`}
          >
            Label
          </a>
        ) : null}
        {LAB_REJECTABLE.includes(r.state) ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700"
            aria-label={`Reject the specimen of ${r.patient.name}`}
            onClick={() => setRejecting(r)}
          >
            Reject
          </Button>
        ) : null}
      </>
    )),
  ];

  return (
    <>
      <PageHeader
        title="Worklist"
        description={`Orders by priority and age, live${live === 'live' ? '' : ` (${live})`}.`}
      />
      <ListTable
        query={worklistQuery}
        label="Lab worklist"
        columns={columns}
        filters={{ state: state || undefined, priority: priority || undefined }}
        defaultLimit={LAB_WORKLIST_PAGE_SIZE}
        searchable={false}
        emptyText="No orders waiting."
        toolbar={
          <div className="flex flex-wrap gap-2">
            <FilterSelect name="state" label="State" values={STATE_FILTERS} allLabel="All open" />
            <FilterSelect name="priority" label="Priority" values={LAB_PRIORITIES} allLabel="Any priority" />
          </div>
        }
      />
      <CollectedDialog order={collected} onClose={() => setCollected(null)} />
      <RejectDialog order={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
