import {
  STAFF_ACCOUNT_SORTABLE,
  type StaffAccount,
  staffRoleLabel,
  USER_STATUSES,
} from '@carepoint/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import {
  AddStaffButton,
  STAFF_ROLE_OPTIONS,
  StaffAccountDialog,
} from '@/features/admin/components/staff-account-dialog';
import { fullName } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<StaffAccount>();

const ROLE_LABELS = Object.fromEntries(STAFF_ROLE_OPTIONS.map(({ value, label }) => [value, label]));

const columns = (onEdit: (account: StaffAccount) => void): DataTableColumn<StaffAccount>[] =>
  withSorting(STAFF_ACCOUNT_SORTABLE, [
    col.text('name', 'Name', fullName),
    col.text('email', 'Email', (a) => a.email),
    col.text('phone', 'Phone', (a) => a.phone),
    col.text('role', 'Role', (a) => staffRoleLabel(a.role)),
    col.status('status', 'Account', (a) => a.status),
    col.actions((a) => <EditButton name={fullName(a)} onClick={() => onEdit(a)} />),
  ]);

/** Manage Staff: the accounts of the staff roles with no screen of their own (laboratory scientists). */
export default function ManageStaffPage() {
  const editing = useRowDialog<StaffAccount>();
  const [role] = useUrlFilter('role');
  const [status] = useUrlFilter('status');
  const tableColumns = useMemo(() => columns(editing.edit), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Staff"
        description="Laboratory and other staff accounts: who may sign in to their area."
        actions={<AddStaffButton />}
      />
      <AdminListTable
        resource="staff"
        label="Staff"
        columns={tableColumns}
        defaultSort="name"
        searchPlaceholder="Search staff by name or email"
        filters={{ role, status }}
        toolbar={
          <>
            <FilterSelect
              name="role"
              label="Role"
              values={Object.keys(ROLE_LABELS)}
              labels={ROLE_LABELS}
              allLabel="All roles"
            />
            <FilterSelect name="status" label="Account" values={USER_STATUSES} allLabel="All accounts" />
          </>
        }
      />
      {editing.row ? (
        <StaffAccountDialog key={editing.row.id} account={editing.row} {...editing.dialogProps} />
      ) : null}
    </>
  );
}
