import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Patient List: placeholder until this screen is built (the route and shell are ready). */
export default function PatientListPage() {
  return (
    <>
      <PageHeader title="Patient List" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
