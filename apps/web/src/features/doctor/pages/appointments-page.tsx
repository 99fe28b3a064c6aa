import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** Appointments: placeholder until this screen is built (the route and shell are ready). */
export default function AppointmentsPage() {
  return (
    <>
      <PageHeader title="Appointments" />
      <Card>
        <p className="text-sm text-ink-muted">This screen is being built.</p>
      </Card>
    </>
  );
}
