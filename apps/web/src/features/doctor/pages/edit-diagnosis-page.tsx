import { DIAGNOSIS_MESSAGES } from '@carepoint/contract';
import { useNavigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDiagnosisTest, useUpdateDiagnosisTest } from '@/features/doctor/api/diagnosis';
import { DiagnosisTestForm } from '@/features/doctor/components/diagnosis/diagnosis-test-form';
import { ShareWithPatient } from '@/features/doctor/components/share-with-patient';
import { errorMessage, isApiRequestError } from '@/lib/api-client';

const TITLE = 'Edit Patient Diagnosis Test';

/** Edit Patient Diagnosis Test: the stored test in the same form; another doctor's is read-only. */
export default function EditDiagnosisPage() {
  const { id = '' } = useParams();
  const query = useDiagnosisTest(id);
  const update = useUpdateDiagnosisTest();
  const navigate = useNavigate();
  const test = query.data;

  if (query.isPending) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Card aria-busy="true" aria-label="Loading">
          <div className="flex flex-col gap-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-10 w-1/2" />
          </div>
        </Card>
      </>
    );
  }
  if (!test) {
    const missing = isApiRequestError(query.error) && [400, 404].includes(query.error.status);
    return (
      <>
        <PageHeader title={TITLE} />
        <Card>
          {missing ? (
            <ErrorState message="Diagnosis test not found. It may have been deleted, or the link is wrong." />
          ) : (
            <ErrorState
              message={errorMessage(query.error, DIAGNOSIS_MESSAGES.loadOneFailed)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title={TITLE} description={`Report ${test.reportNumber} · ${test.patient.fullName}`} />
      <div className="mb-4">
        <ShareWithPatient
          kind="test"
          id={test.id}
          shared={test.sharedWithPatient}
          canChange={test.editable}
        />
      </div>
      <DiagnosisTestForm
        key={test.id}
        test={test}
        onSave={(fields) => update.mutateAsync({ id: test.id, fields })}
        onSaved={() => void navigate('/doctor/diagnosis')}
        successMessage={() => DIAGNOSIS_MESSAGES.updated}
      />
    </>
  );
}
