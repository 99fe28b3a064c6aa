import { OBSERVATION_MESSAGES } from '@carepoint/contract';
import { useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { ObservationForm } from './observation-form';
import { ObservationList } from './observation-list';

/**
 * A stay's ward observations (docs/areas/observations-news2.md), nested under a stay
 * (`…/stays/:stayId/observations`): nurses and doctors record a set and see its NEWS2 as they
 * type; everyone who may open it sees the earlier sets and their trend.
 */
export default function ObservationsPage() {
  const { stayId = '' } = useParams();
  const { user } = useAuth();
  const records = user?.role === 'nurse' || user?.role === 'doctor';
  return (
    <>
      <PageHeader
        level={2}
        title="Observations"
        description="Record a set of observations; NEWS2 and the clinical response it calls for are shown as you type."
      />
      {stayId ? (
        <div className="flex flex-col gap-6">
          {records ? <ObservationForm stayId={stayId} /> : null}
          <ObservationList stayId={stayId} />
        </div>
      ) : (
        <Card>
          <ErrorState message={OBSERVATION_MESSAGES.stayNotFound} />
        </Card>
      )}
    </>
  );
}
