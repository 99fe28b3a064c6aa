import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Edit Schedule: placeholder until this screen is built (the route and shell are ready). */
export default function EditSchedulePage() {
  return (
    <>
      <PageHeader title="Edit Schedule" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
