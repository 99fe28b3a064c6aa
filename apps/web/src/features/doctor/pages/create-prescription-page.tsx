import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** New Prescription: placeholder until this screen is built (the route and shell are ready). */
export default function NewPrescriptionPage() {
  return (
    <>
      <PageHeader title="New Prescription" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
