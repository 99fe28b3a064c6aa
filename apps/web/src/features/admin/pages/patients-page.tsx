import { type AdminPatient, PATIENT_SORTABLE } from '@carepoint/contract';
import { columnsFor, withSorting } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { AdminListTable } from '../components/admin-list-table';

const col = columnsFor<AdminPatient>();

const columns = withSorting(PATIENT_SORTABLE, [
  col.text('fullName', 'Full name', (p) => p.fullName),
  col.text('email', 'Email', (p) => p.email),
  col.text('age', 'Age', (p) => p.age),
  col.status(
    'status',
    'Status',
    (p) => p.status,
    (p) => (p.bed ? <span className="text-xs text-ink-muted">Bed {p.bed}</span> : null),
  ),
]);

/** Manage Patients: every registered patient, Inpatient while in a bed. */
export default function ManagePatientsPage() {
  return (
    <>
      <PageHeader
        title="Manage Patients"
        description="Registered patients; Inpatient while they occupy a bed."
      />
      <AdminListTable
        resource="patients"
        label="Patients"
        columns={columns}
        searchPlaceholder="Search patients"
      />
    </>
  );
}
