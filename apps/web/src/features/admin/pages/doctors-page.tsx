import { type AdminDoctor, DOCTOR_SORTABLE, doctorStatus } from '@carepoint/contract';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { useUpdateDoctor } from '@/features/admin/api/staff';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddDoctorButton, EditDoctorDialog } from '@/features/admin/components/doctor-dialogs';
import { EndSessionsButton } from '@/features/admin/components/end-sessions-button';
import { ResetTwoFactorButton } from '@/features/admin/components/reset-two-factor-button';
import { fullName } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<AdminDoctor>();

const columns = (
  onToggle: (doctor: AdminDoctor) => void,
  onEdit: (doctor: AdminDoctor) => void,
): DataTableColumn<AdminDoctor>[] =>
  withSorting(DOCTOR_SORTABLE, [
    col.text('name', 'Name', fullName),
    col.text('email', 'Email', (d) => d.email),
    col.text('specialty', 'Specialty', (d) => d.specialty),
    col.status('status', 'Status', doctorStatus, (d) =>
      d.mustChangePassword ? <span className="text-xs text-ink-muted">Awaiting first sign-in</span> : null,
    ),
    col.actions(
      (d) => (
        <>
          <EditButton name={`Dr ${fullName(d)}`} onClick={() => onEdit(d)} />
          {d.hasSecondFactor ? (
            <ResetTwoFactorButton userId={d.id} name={`Dr ${fullName(d)}`} variant="ghost" size="sm" />
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => onToggle(d)}>
            {doctorStatus(d) === 'Active' ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {fullName(d)}</span>
          </Button>
          <EndSessionsButton person={{ id: d.id, name: `Dr ${fullName(d)}` }} compact />
        </>
      ),
      // Three buttons fit one line at 1280 px; with Reset two-factor, four would widen the table.
      { oneLine: (d) => !d.hasSecondFactor },
    ),
  ]);

/** Deactivating ends the doctor's sessions and blocks sign-in; activating restores it. */
function StatusConfirm({ doctor, onClose }: { doctor: AdminDoctor | null; onClose: () => void }) {
  const update = useUpdateDoctor();
  const deactivate = doctor ? doctorStatus(doctor) === 'Active' : false;
  const confirm = async () => {
    if (!doctor) return;
    try {
      await update.mutateAsync({ id: doctor.id, body: { status: deactivate ? 'Inactive' : 'Active' } });
      toast.success(deactivate ? 'Doctor deactivated' : 'Doctor activated');
      onClose();
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <ConfirmDialog
      open={doctor !== null}
      onOpenChange={(open) => !open && onClose()}
      title={deactivate ? 'Deactivate doctor?' : 'Activate doctor?'}
      description={
        doctor
          ? deactivate
            ? `Dr ${fullName(doctor)} will be signed out and can no longer sign in.`
            : `Dr ${fullName(doctor)} will be able to sign in again.`
          : ''
      }
      confirmLabel={deactivate ? 'Deactivate' : 'Activate'}
      destructive={deactivate}
      loading={update.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

/** Manage Doctors: the doctor accounts, sorted and paged on the server. */
export default function ManageDoctorsPage() {
  const [target, setTarget] = useState<AdminDoctor | null>(null);
  const editing = useRowDialog<AdminDoctor>();
  const tableColumns = useMemo(() => columns(setTarget, editing.edit), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Doctors"
        description="Doctor accounts and their status."
        actions={<AddDoctorButton />}
      />
      <AdminListTable
        resource="doctors"
        label="Doctors"
        columns={tableColumns}
        defaultSort="name"
        searchPlaceholder="Search doctors"
      />
      <StatusConfirm doctor={target} onClose={() => setTarget(null)} />
      {editing.row ? (
        <EditDoctorDialog key={editing.row.id} doctor={editing.row} {...editing.dialogProps} />
      ) : null}
    </>
  );
}
