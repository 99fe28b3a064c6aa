import { DIAGNOSIS_MESSAGES } from '@carepoint/contract';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateDiagnosisTest } from '@/features/doctor/api/diagnosis';
import { DiagnosisTestForm } from '@/features/doctor/components/diagnosis/diagnosis-test-form';

/** New Patient Diagnosis Test: saved tests get their report number and the list shows them. */
export default function NewDiagnosisPage() {
  const create = useCreateDiagnosisTest();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New Patient Diagnosis Test" description="A test result for a registered patient." />
      <DiagnosisTestForm
        onSave={(fields) => create.mutateAsync(fields)}
        onSaved={() => void navigate('/doctor/diagnosis')}
        successMessage={(saved) => `${DIAGNOSIS_MESSAGES.created}: ${saved.reportNumber}`}
      />
    </>
  );
}
