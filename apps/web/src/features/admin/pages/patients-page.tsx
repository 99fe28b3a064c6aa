import { type AdminPatient, PATIENT_SORTABLE, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { Link } from 'react-router';
import { columnsFor, withSorting } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { RegisterPatientButton } from '@/features/admin/components/patient-dialog';

const col = columnsFor<AdminPatient>();

const columns = withSorting(PATIENT_SORTABLE, [
  {
    ...col.text('fullName', 'Full name', (p) => p.fullName),
    // The name opens the patient's page (profile, bed, appointments, ER visits).
    cell: ({ row }) => (
      <Link
        className="font-medium text-primary-700 hover:underline"
        to={`/admin/patients/${row.original.id}`}
      >
        {row.original.fullName}
      </Link>
    ),
  },
  col.text('recordNumber', RECORD_NUMBER_LABEL, (p) => p.recordNumber),
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
        description="Registered patients; Inpatient while they occupy a bed. Open a name for the patient's page."
        actions={<RegisterPatientButton />}
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
