import { TOASTS } from '@carepoint/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PrescriptionForm, valuesOf } from '@/features/doctor/components/prescriptions/prescription-form';
import { backToList } from '@/features/doctor/components/prescriptions/prescription-state';

/**
 * New Prescription (/doctor/prescription/create-prescription). `?patientId&appointmentId` (the
 * appointment page's "Write prescription") start it for that patient and visit. Saving returns
 * to the list.
 */
export default function NewPrescriptionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = {
    patientId: params.get('patientId') ?? '',
    appointmentId: params.get('appointmentId') ?? '',
  };
  return (
    <>
      <PageHeader
        title="New Prescription"
        description="Physical information, medicines and advice."
        actions={backToList}
      />
      <PrescriptionForm
        prescription={null}
        initial={valuesOf(null, start)}
        initialPatientName=""
        successMessage={TOASTS.prescriptionAdded}
        onSaved={() => navigate('/doctor/prescription')}
      />
    </>
  );
}
