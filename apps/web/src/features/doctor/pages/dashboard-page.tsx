import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Dashboard: placeholder until this screen is built (the route and shell are ready). */
export default function DoctorDashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
