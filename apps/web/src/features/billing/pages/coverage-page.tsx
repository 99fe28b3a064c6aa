import { RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { useParams } from 'react-router';
import { CoverageCard } from '@/components/patient-coverage/coverage-card';
import { PageHeader } from '@/components/ui/page-header';
import { useCoverages } from '@/lib/api/coverage';

/**
 * The Coverage tab of a patient's account (/billing/patients/:id/coverage): the cashier sees and
 * manages the same Coverage card the desk has on the admin's patient page
 * (docs/areas/billing-coverage.md). The header names whose coverage it is from the card's own
 * answer (no second request); under the account's layout, which names the patient, it goes.
 */
export default function CoveragePage() {
  const { id = '' } = useParams();
  const patient = useCoverages(id).data?.patient;
  return (
    <div className="flex flex-col gap-4">
      {patient ? (
        <PageHeader title={patient.fullName} description={`${RECORD_NUMBER_LABEL} ${patient.recordNumber}`} />
      ) : null}
      <CoverageCard patientId={id} />
    </div>
  );
}
