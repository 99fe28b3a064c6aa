import { useParams } from 'react-router';
import { CoverageCard } from '@/components/patient-coverage/coverage-card';

/**
 * The Coverage tab of a patient's account (/billing/patients/:id/coverage): the cashier sees and
 * manages the same Coverage card the desk has on the admin's patient page
 * (docs/areas/billing-coverage.md); the account's layout above it names the patient.
 */
export default function CoveragePage() {
  const { id = '' } = useParams();
  return <CoverageCard patientId={id} />;
}
