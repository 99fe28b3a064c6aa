import { PRESCRIPTION_MESSAGES } from '@carepoint/contract';
import { useNavigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePrescription } from '@/features/doctor/api/prescriptions';
import { PrescriptionForm, valuesOf } from '@/features/doctor/components/prescriptions/prescription-form';
import {
  backToList,
  PrescriptionLoadState,
} from '@/features/doctor/components/prescriptions/prescription-state';

/** Edit Prescription (/doctor/prescription/{id}/edit): the prescribing doctor's own only. */
export default function EditPrescriptionPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = usePrescription(id);
  if (!query.data) return <PrescriptionLoadState title="Edit Prescription" query={query} />;
  const { prescription } = query.data;
  if (!prescription.mine) {
    return (
      <>
        <PageHeader title="Edit Prescription" actions={backToList} />
        <Card>
          <ErrorState
            message={`Only ${prescription.doctor.name}, who wrote it, can change this prescription.`}
          />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Edit Prescription" description={prescription.patient.name} actions={backToList} />
      <PrescriptionForm
        key={prescription.id}
        prescription={prescription}
        initial={valuesOf(prescription)}
        initialPatientName={prescription.patient.name}
        successMessage={PRESCRIPTION_MESSAGES.updated}
        onSaved={(saved) => navigate(`/doctor/prescription/${saved.id}`)}
      />
    </>
  );
}
