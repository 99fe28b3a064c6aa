import { PageHeader } from '@/components/ui/page-header';
import { BillingPatientsTable } from '../components/patients-table';

/** The cashier's Patients: find a patient by name or record number and open their account. */
export default function BillingPatientsPage() {
  return (
    <>
      <PageHeader
        title="Patients"
        description="Find a patient by name or record number to see their bill and take a payment."
      />
      <BillingPatientsTable label="Patients" />
    </>
  );
}
