import {
  dischargeDiagnosisLabel,
  DISCHARGE_SUMMARY_MESSAGES as M,
  type PatientDischargeSummary,
} from '@carepoint/contract';
import { BedDouble, Download, Eye } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { FollowUpLine } from '@/features/inpatient/discharge/follow-up';
import {
  myDischargeSummaryPdfUrl,
  useMyDischargeSummaries,
} from '@/features/patient/api/discharge-summaries';
import { formatDate } from '@/lib/format';

function StayCard({ stay }: { stay: PatientDischargeSummary }) {
  const when = `${stay.admittedAt ? formatDate(stay.admittedAt) : '?'} to ${stay.dischargedAt ? formatDate(stay.dischargedAt) : 'now'}`;
  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold text-ink">{stay.ward}</h2>
          <p className="text-sm text-ink-soft">{when}</p>
          <p className="text-sm break-words text-ink">{dischargeDiagnosisLabel(stay.principalDiagnosis)}</p>
          <p className="text-sm text-ink-soft">
            Discharge summary signed by {stay.signedBy.name} on {formatDate(stay.signedAt)}
          </p>
          <div className="pt-1">
            <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">Follow-up</span>
            <FollowUpLine followUp={stay.followUp} />
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <a
            href={myDischargeSummaryPdfUrl(stay.id, 'inline')}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`View the discharge summary of ${when}`}
          >
            <Eye aria-hidden size={16} /> View
          </a>
          <a
            href={myDischargeSummaryPdfUrl(stay.id)}
            download
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            aria-label={`Download the discharge summary of ${when} as PDF`}
          >
            <Download aria-hidden size={16} /> PDF
          </a>
        </div>
      </div>
    </Card>
  );
}

/**
 * My Hospital Stays (/patient/hospital-stays): each stay whose discharge summary the doctor has
 * signed, newest first, with the summary to view or download as a PDF and the follow-up booked.
 */
export default function MyHospitalStaysPage() {
  const stays = useMyDischargeSummaries();
  return (
    <>
      <PageHeader
        title="My Hospital Stays"
        description="Your stays in hospital and their discharge summaries."
      />
      {stays.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : stays.isError ? (
        <Card>
          <ErrorState message={M.listFailed} onRetry={() => stays.refetch()} retrying={stays.isFetching} />
        </Card>
      ) : stays.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={BedDouble}
            title="No record found."
            description="A stay appears here once its discharge summary is signed."
          />
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {stays.data.map((stay) => (
            <StayCard key={stay.id} stay={stay} />
          ))}
        </div>
      )}
    </>
  );
}
