import { type BillingPatient, formatNaira } from '@carepoint/contract';
import { useNavigate } from 'react-router';
import { columnsFor, type DataTableColumn, ListTable, withSorting } from '@/components/data-table';
import { billingPatientsQuery } from '../api/payments';

const col = columnsFor<BillingPatient>();
const money = (kobo: number) => <span className="tabular-nums">{formatNaira(kobo)}</span>;

const columns = (owing: boolean): DataTableColumn<BillingPatient>[] =>
  withSorting(owing ? [] : ['name'], [
    {
      ...col.text('name', 'Patient', (r) => r.name),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.original.name}</span>
          <span className="text-xs text-ink-soft">{row.original.recordNumber}</span>
        </span>
      ),
    },
    { ...col.text('balance', 'Balance', (r) => r.balance), cell: ({ row }) => money(row.original.balance) },
    {
      ...col.text('depositsHeld', 'Deposits held', (r) => r.depositsHeld),
      cell: ({ row }) => money(row.original.depositsHeld),
    },
  ]);

/**
 * Patients with their balance, searched by name or record number and paged on the server; a row
 * opens the patient's account. `owing`: only those who owe, largest balance first (the dashboard).
 */
export function BillingPatientsTable({ owing = false, label }: { owing?: boolean; label: string }) {
  const navigate = useNavigate();
  return (
    <ListTable
      query={billingPatientsQuery(owing)}
      label={label}
      columns={columns(owing)}
      searchPlaceholder="Search by name or record number"
      defaultSort={owing ? undefined : 'name'}
      emptyText={owing ? 'No patient owes anything.' : 'No record found.'}
      onRowClick={(row) => navigate(`/billing/patients/${row.id}`)}
    />
  );
}
