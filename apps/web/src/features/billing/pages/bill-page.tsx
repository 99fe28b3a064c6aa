import {
  BILL_SORTABLE,
  basisNote,
  CHARGE_MESSAGES,
  CHARGE_SOURCE_LABELS,
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  type Charge,
  formatNaira,
} from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  columnsFor,
  type DataTableColumn,
  FilterSelect,
  ListTable,
  withFilters,
  withSorting,
} from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCalendarDate } from '@/lib/format';
import { useListQuery } from '@/lib/use-list-query';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';
import { billQuery } from '../api/charges';
import { AddChargeDialog, VoidChargeDialog } from '../components/charge-dialogs';

/*
 * The cashier's Bill (/billing/patients/:id, docs/areas/billing-charges.md#screens): every charge
 * the care made and those added by hand, each split between the payer and the patient, paged,
 * sorted and filtered on the server; Add Charge and Void, each with its reason.
 */

const STATUS_LABELS = { active: 'Active', void: 'Void' } as const;
const col = columnsFor<Charge>();

const money = (kobo: number, voided: boolean) => (
  <span className={`whitespace-nowrap tabular-nums ${voided ? 'line-through text-ink-soft' : ''}`}>
    {formatNaira(kobo)}
  </span>
);

/** The service with its code, what its basis means, a missing pre-authorisation, and a void's reason. */
function ServiceCell({ charge }: { charge: Charge }) {
  const voided = charge.status === 'void';
  const note = basisNote(charge);
  return (
    <span className="flex min-w-48 flex-col gap-1">
      <span className={voided ? 'line-through text-ink-soft' : 'font-medium text-ink'}>{charge.service}</span>
      {charge.code ? <span className="text-xs text-ink-soft">{charge.code}</span> : null}
      <span className="flex flex-wrap gap-1">
        {voided ? <Badge tone="grey">Void</Badge> : null}
        {note ? <Badge tone="amber">{note}</Badge> : null}
        {charge.preauthRequired && !charge.preauthCode ? (
          <Badge tone="red">{CHARGE_MESSAGES.preauthMissing}</Badge>
        ) : null}
        {charge.preauthCode ? <Badge tone="blue">Pre-auth {charge.preauthCode}</Badge> : null}
      </span>
      {voided ? <span className="text-xs text-ink-muted">Voided: {charge.voidReason}</span> : null}
      {charge.reason ? <span className="text-xs text-ink-muted">Why: {charge.reason}</span> : null}
    </span>
  );
}

const columns = (onVoid: (charge: Charge) => void): DataTableColumn<Charge>[] =>
  withSorting(BILL_SORTABLE, [
    {
      ...col.text('careDate', 'Date', (r) => r.careDate),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatCalendarDate(row.original.careDate)}</span>
      ),
    },
    {
      ...col.text('service', 'Service', (r) => r.service),
      cell: ({ row }) => <ServiceCell charge={row.original} />,
    },
    col.text('source', 'Source', (r) => CHARGE_SOURCE_LABELS[r.source]),
    col.text('quantity', 'Qty', (r) => r.quantity),
    {
      ...col.text('unitPrice', 'Unit price', (r) => r.unitPrice),
      cell: ({ row }) => money(row.original.unitPrice, row.original.status === 'void'),
    },
    {
      ...col.text('amount', 'Amount', (r) => r.amount),
      cell: ({ row }) => money(row.original.amount, row.original.status === 'void'),
    },
    {
      ...col.text('payerAmount', 'Payer', (r) => r.payerAmount),
      cell: ({ row }) => (
        <span className="flex flex-col">
          {money(row.original.payerAmount, row.original.status === 'void')}
          <span className="whitespace-nowrap text-xs text-ink-soft">{row.original.payer.name}</span>
        </span>
      ),
    },
    {
      ...col.text('patientAmount', 'Patient', (r) => r.patientAmount),
      cell: ({ row }) => money(row.original.patientAmount, row.original.status === 'void'),
    },
    col.actions((charge) =>
      charge.status === 'active' ? (
        <Button variant="ghost" size="sm" onClick={() => onVoid(charge)}>
          Void<span className="sr-only"> {charge.service}</span>
        </Button>
      ) : null,
    ),
  ]);

function DateFilter({ name, label }: { name: 'from' | 'to'; label: string }) {
  const [value, setValue] = useUrlFilter(name);
  return (
    <Input
      label={label}
      type="date"
      className="w-40"
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

export default function BillPage() {
  const { id: patientId = '' } = useParams();
  const [status] = useUrlFilter('status');
  const [source] = useUrlFilter('source');
  const [from] = useUrlFilter('from');
  const [to] = useUrlFilter('to');
  const filters = { status, source, from, to };
  // The same query as the table's (one request): the totals and today's payer beside the rows.
  const list = useListQuery({});
  const answer = useQuery(billQuery(patientId)(withFilters(list.queryString, filters)));
  const [adding, setAdding] = useState(false);
  const voiding = useRowDialog<Charge>();
  const totals = answer.data?.totals;
  const payer = answer.data?.payerToday;
  return (
    <>
      <PageHeader
        level={2}
        title="Bill"
        description={
          payer
            ? `Charges follow the care at the payer’s price on its day. Care today is charged to ${payer.name}.`
            : 'Charges follow the care at the payer’s price on its day.'
        }
        actions={
          <Button onClick={() => setAdding(true)} disabled={!payer}>
            <Plus aria-hidden size={16} /> Add Charge
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <StatTile
          label="Total charged"
          value={totals ? formatNaira(totals.amount) : '—'}
          loading={answer.isPending}
        />
        <StatTile
          label="Payer owes"
          value={totals ? formatNaira(totals.payerAmount) : '—'}
          loading={answer.isPending}
        />
        <StatTile
          label="Patient owes"
          value={totals ? formatNaira(totals.patientAmount) : '—'}
          loading={answer.isPending}
        />
      </div>
      <ListTable
        query={billQuery(patientId)}
        label="Charges"
        columns={columns(voiding.edit)}
        searchPlaceholder="Search by service"
        filters={filters}
        emptyText="No charges yet."
        toolbar={
          <div className="flex flex-wrap items-end gap-2">
            <FilterSelect
              name="status"
              label="Status"
              values={CHARGE_STATUSES}
              labels={STATUS_LABELS}
              allLabel="All statuses"
            />
            <FilterSelect
              name="source"
              label="Source"
              values={CHARGE_SOURCES}
              labels={CHARGE_SOURCE_LABELS}
              allLabel="All sources"
            />
            <DateFilter name="from" label="From" />
            <DateFilter name="to" label="To" />
          </div>
        }
      />
      {payer ? (
        <AddChargeDialog open={adding} onOpenChange={setAdding} patientId={patientId} payer={payer} />
      ) : null}
      {voiding.row ? (
        <VoidChargeDialog
          key={voiding.row.id}
          patientId={patientId}
          charge={voiding.row}
          {...voiding.dialogProps}
        />
      ) : null}
    </>
  );
}
