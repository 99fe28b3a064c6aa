import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Edit Patient Diagnosis Test: placeholder until this screen is built (the route and shell are ready). */
export default function EditDiagnosisPage() {
  return (
    <>
      <PageHeader title="Edit Patient Diagnosis Test" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
