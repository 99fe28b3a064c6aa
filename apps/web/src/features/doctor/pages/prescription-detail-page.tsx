import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Prescription Details: placeholder until this screen is built (the route and shell are ready). */
export default function PrescriptionDetailsPage() {
  return (
    <>
      <PageHeader title="Prescription Details" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
