import { formatBloodPressure, TRIAGE_MESSAGES, type TriageAssessment } from '@carepoint/contract';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ErrorState } from '../../../../components/ui/error-state';
import { SkeletonRows } from '../../../../components/ui/skeleton';
import { formatTime } from '../../../../lib/format';
import { useTodaysIntakes } from '../../api/triage';

const vitalsOf = (i: TriageAssessment) =>
  [
    `HR ${i.heartRate}`,
    `BP ${formatBloodPressure(i.systolic, i.diastolic)}`,
    `${i.temperature} °C`,
    i.oxygenSaturation === null ? null : `SpO₂ ${i.oxygenSaturation}%`,
  ]
    .filter(Boolean)
    .join(' · ');

const HEADERS = ['Time', 'Patient', 'Vitals', 'Score', 'Priority', 'Sent to'];

/** Today's intakes by this doctor, newest first: the four list states of UI.md. */
export function RecentIntakes() {
  const intakes = useTodaysIntakes();
  let body: ReactNode;
  if (intakes.isPending) body = <SkeletonRows rows={3} columns={HEADERS.length} />;
  else if (intakes.isError) {
    body = (
      <tr>
        <td colSpan={HEADERS.length}>
          <ErrorState
            message={TRIAGE_MESSAGES.loadFailed}
            onRetry={() => void intakes.refetch()}
            retrying={intakes.isFetching}
          />
        </td>
      </tr>
    );
  } else if (intakes.data.length === 0) {
    body = (
      <tr>
        <td colSpan={HEADERS.length}>
          <EmptyState title={TRIAGE_MESSAGES.empty} />
        </td>
      </tr>
    );
  } else {
    body = intakes.data.map((i) => (
      <tr key={i.id} className="border-b border-border align-top last:border-0">
        <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">{formatTime(i.recordedAt)}</td>
        <td className="px-3 py-2.5">
          <span className="font-medium text-ink">{i.patientName}</span>
          {i.complaint ? <span className="block text-xs text-ink-muted">{i.complaint}</span> : null}
        </td>
        <td className="px-3 py-2.5 text-ink-soft">{vitalsOf(i)}</td>
        <td className="px-3 py-2.5 tabular-nums">{i.score}</td>
        <td className="px-3 py-2.5">
          <StatusBadge status={i.priority} />
        </td>
        <td className="px-3 py-2.5">
          {i.department === 'ER' ? 'Emergency room' : i.department}
          {i.routingReason ? (
            <span className="block text-xs text-ink-muted">
              Suggested {i.suggestedDepartment}: {i.routingReason}
            </span>
          ) : null}
        </td>
      </tr>
    ));
  }

  return (
    <Card title="Today’s intakes" flush>
      {/* Focusable, so a keyboard can scroll the table sideways on a phone (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
      <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Today’s intakes">
          <thead className="border-b border-border bg-muted text-xs font-medium text-ink-muted">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-3 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody aria-busy={intakes.isPending || undefined}>{body}</tbody>
        </table>
      </div>
    </Card>
  );
}
