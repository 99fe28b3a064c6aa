import {
  type DischargeStay,
  dischargeDiagnosisLabel,
  DISCHARGE_SUMMARY_MESSAGES as M,
  RECORD_NUMBER_LABEL,
} from '@carepoint/contract';
import { FileText } from 'lucide-react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { dischargeSummaryPdfUrl, useDischargeSummary } from './api';
import { FollowUpBooking, FollowUpLine } from './follow-up';
import { DischargeSummaryForm } from './summary-form';
import { DischargeSummaryView } from './summary-view';

/** Stays a doctor writes a summary for (the server's rule too). */
const WRITABLE: readonly DischargeStay['status'][] = ['Admitted', 'Discharged'];

function StayCard({ stay }: { stay: DischargeStay }) {
  const facts: Array<[string, string]> = [
    ['Patient', stay.patient.name],
    [RECORD_NUMBER_LABEL, stay.patient.recordNumber ?? '-'],
    ['Ward', stay.ward],
    ['Admitted', stay.admittedAt ? formatDate(stay.admittedAt) : '-'],
    ['Discharged', stay.dischargedAt ? formatDate(stay.dischargedAt) : '-'],
    ['Doctor in charge', stay.doctorInCharge.name],
    ['Reason for admission', stay.reason],
    ['Admission diagnosis', dischargeDiagnosisLabel(stay.admissionDiagnosis) || '-'],
  ];
  return (
    <Card title="The stay">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
            <dd className="mt-1 text-sm break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The discharge summary of a stay (`…/stays/:stayId/discharge`): the doctor writes it (saves
 * drafts, books the follow-up, signs); nurses and admins, and everyone once it is signed, read it
 * with its PDF.
 */
export default function DischargePage() {
  const { stayId = '' } = useParams();
  const { user } = useAuth();
  const query = useDischargeSummary(stayId);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const missing = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader level={2} title="Discharge summary" />
        <Card>
          <ErrorState
            message={missing ? M.stayNotFound : M.loadFailed}
            onRetry={missing ? undefined : () => query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      </>
    );
  }
  const { stay, summary } = query.data;
  const writes = user?.role === 'doctor' && summary?.status !== 'Signed';
  const status = summary?.status ?? 'Not started';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        level={2}
        title="Discharge summary"
        description={`${stay.patient.name} · ${stay.ward}`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={summary?.status === 'Signed' ? 'green' : summary ? 'amber' : 'grey'}>{status}</Badge>
            {summary ? (
              <a
                href={dischargeSummaryPdfUrl(stayId)}
                target="_blank"
                rel="noopener"
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                <FileText aria-hidden size={16} /> {summary.status === 'Signed' ? 'PDF' : 'Draft PDF'}
              </a>
            ) : null}
          </div>
        }
      />
      <StayCard stay={stay} />
      {writes && !WRITABLE.includes(stay.status) ? (
        <Card>
          <p className="text-sm text-ink-soft">{M.stayNotOpen}.</p>
        </Card>
      ) : writes ? (
        <DischargeSummaryForm
          key={stayId}
          stayId={stayId}
          summary={summary}
          allergies={stay.patient.allergies}
        >
          <Card title="Follow-up appointment">
            {summary?.followUp ? (
              <FollowUpLine followUp={summary.followUp} />
            ) : (
              <FollowUpBooking stayId={stayId} doctorId={stay.doctorInCharge.id} />
            )}
          </Card>
        </DischargeSummaryForm>
      ) : summary ? (
        <DischargeSummaryView summary={summary} />
      ) : (
        <Card>
          <p className="text-sm text-ink-soft">The doctor has not written the discharge summary yet.</p>
        </Card>
      )}
    </div>
  );
}
