import {
  PRESCRIPTION_SCOPE_LABELS,
  PRESCRIPTION_SCOPES,
  PRESCRIPTION_SORTABLE,
  PRESCRIPTIONS_PAGE_SIZE,
  type PrescriptionRow,
  type PrescriptionScope,
  TOASTS,
} from '@carepoint/contract';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import {
  prescriptionsQuery,
  useDeletePrescription,
  usePrescriptionLiveUpdates,
} from '@/features/doctor/api/prescriptions';
import { StatusToggle } from '@/features/doctor/components/prescriptions/status-toggle';
import { useUrlFilter } from '@/lib/use-url-filters';

const SCOPE_PARAM = 'scope';

/**
 * Prescription (spec "Prescription list"): search, New Prescription, and the table of Patients,
 * Doctors, Added At, the Status toggle and the actions (view, edit, delete after "Are you
 * sure?"), paged, sorted and searched on the server. "My prescriptions" by default; "All
 * prescriptions" shows every doctor's, which any doctor may read but only its author change.
 * Live: the Pharmacy column follows the dispensing of the doctor's own prescriptions.
 */
export default function PrescriptionListPage() {
  usePrescriptionLiveUpdates();
  const [scopeParam, setScope] = useUrlFilter(SCOPE_PARAM);
  const scope: PrescriptionScope = scopeParam === 'all' ? 'all' : 'mine';
  const [deleting, setDeleting] = useState<PrescriptionRow | null>(null);
  const remove = useDeletePrescription();
  const col = columnsFor<PrescriptionRow>();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(TOASTS.prescriptionDeleted);
        setDeleting(null);
      },
    });
  };

  const columns = withSorting<PrescriptionRow>(PRESCRIPTION_SORTABLE, [
    {
      id: 'patient',
      header: 'Patients',
      accessorFn: (r) => r.patient.name,
      cell: ({ row }) => (
        <span className="flex min-w-0 items-center gap-2">
          <Avatar
            name={row.original.patient.name}
            imageUrl={row.original.patient.imageUrl}
            size="sm"
            decorative
          />
          <span className="min-w-0">
            <span className="block font-medium whitespace-nowrap text-ink">{row.original.patient.name}</span>
            <span className="block max-w-48 truncate text-xs text-ink-muted" title={row.original.medicines}>
              {row.original.medicines}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'doctor',
      header: 'Doctors',
      accessorFn: (r) => r.doctor.name,
      cell: ({ row }) => <span className="whitespace-nowrap">{row.original.doctor.name}</span>,
    },
    col.dateTime('addedAt', 'Added At', (r) => r.addedAt),
    {
      id: 'pharmacy',
      header: 'Pharmacy',
      cell: ({ row }) => <span className="block max-w-56 text-xs">{row.original.pharmacy}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (r) => r.status,
      cell: ({ row }) => <StatusToggle row={row.original} />,
    },
    col.actions((r) => (
      <>
        <Link
          to={`/doctor/prescription/${r.id}`}
          className={buttonClass({ variant: 'ghost', size: 'icon' })}
          aria-label={`View prescription for ${r.patient.name}`}
          title="View"
        >
          <Eye aria-hidden size={16} />
        </Link>
        {r.mine ? (
          <>
            <Link
              to={`/doctor/prescription/${r.id}/edit`}
              className={buttonClass({ variant: 'ghost', size: 'icon' })}
              aria-label={`Edit prescription for ${r.patient.name}`}
              title="Edit"
            >
              <Pencil aria-hidden size={16} />
            </Link>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete prescription for ${r.patient.name}`}
              title="Delete"
              onClick={() => setDeleting(r)}
            >
              <Trash2 aria-hidden size={16} className="text-danger-700" />
            </Button>
          </>
        ) : null}
      </>
    )),
  ]);

  return (
    <>
      <PageHeader
        title="Prescription"
        description="Prescriptions you wrote, or every doctor's."
        actions={
          <Link to="/doctor/prescription/create-prescription" className={buttonClass()}>
            <Plus aria-hidden size={16} /> New Prescription
          </Link>
        }
      />
      <ListTable
        query={prescriptionsQuery}
        label="Prescriptions"
        columns={columns}
        filters={{ [SCOPE_PARAM]: scope === 'mine' ? undefined : scope }}
        defaultLimit={PRESCRIPTIONS_PAGE_SIZE}
        searchPlaceholder="Search patients or doctors"
        toolbar={
          <Select
            label="Show"
            hideLabel
            className="w-48"
            value={scope}
            onChange={(event) => setScope(event.target.value === 'all' ? 'all' : '')}
            options={PRESCRIPTION_SCOPES.map((s) => ({ value: s, label: PRESCRIPTION_SCOPE_LABELS[s] }))}
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you sure?"
        description={
          deleting
            ? `The prescription for ${deleting.patient.name} and its medicines will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Yes, Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
