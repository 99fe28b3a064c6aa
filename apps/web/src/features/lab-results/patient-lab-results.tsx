import type { PatientLabReport } from '@carepoint/contract';
import { FlaskConical } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { useOwnLabResults } from './api';
import { CorrectionNotices } from './correction-notices';
import { FlagBadge, rangeText, valueText } from './display';

function LabReportCard({ report }: { report: PatientLabReport }) {
  const headingId = `lab-report-${report.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-border bg-surface p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
          <FlaskConical aria-hidden size={16} /> Laboratory results
        </h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={report.verifiedAt}>{formatDate(report.verifiedAt)}</time>
        </p>
      </header>
      <p className="mt-1 text-sm text-ink-soft">Laboratory · {report.doctor}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {report.lines.map((line) => (
          <div key={line.test} className="flex justify-between gap-3 border-b border-border pb-1 text-sm">
            <dt className="text-ink-muted">{line.test}</dt>
            <dd className="flex flex-col items-end text-right">
              <span className="flex items-center gap-2 font-medium text-ink">
                {/* A value and its unit on one line ("33 %" broke after the number at 390 px). */}
                <span className="whitespace-nowrap">{valueText(line.value, line.unit)}</span>{' '}
                <FlagBadge flag={line.interpretation} />
              </span>
              <span className="text-xs text-ink-muted">
                {[
                  rangeText({ low: line.rangeLow, high: line.rangeHigh }, line.unit),
                  line.corrected ? 'Corrected' : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** My Results' laboratory part: the verified results the patient's doctors shared, and corrections of any they read. */
export function PatientLabResults() {
  const reports = useOwnLabResults();
  if (!reports.data?.length) return null;
  return (
    <div className="mb-4 flex flex-col gap-4" data-testid="patient-lab-results">
      <CorrectionNotices showPatient={false} />
      {reports.data.map((report) => (
        <LabReportCard key={report.id} report={report} />
      ))}
    </div>
  );
}
