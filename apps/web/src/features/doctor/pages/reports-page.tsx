import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Reports: placeholder until this screen is built (the route and shell are ready). */
export default function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
