import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Diagnosis Category: placeholder until this screen is built (the route and shell are ready). */
export default function DiagnosisCategoryPage() {
  return (
    <>
      <PageHeader title="Diagnosis Category" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
