import {
  ALLERGY_OVERRIDE_LABEL,
  allergyOverrideText,
  type DischargeSummary,
  dischargeDiagnosisLabel,
  ICD10CM_NAME,
} from '@carepoint/contract';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { FollowUpLine } from './follow-up';

function Block({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm whitespace-pre-line text-ink">{children || '-'}</dd>
    </div>
  );
}

/** A summary as written (read only): what nurses and admins see, and everyone once it is signed. */
export function DischargeSummaryView({ summary }: { summary: DischargeSummary }) {
  return (
    <div className="flex flex-col gap-6">
      <Card title="Diagnoses">
        <dl className="flex flex-col gap-4">
          <Block label={`Principal diagnosis (${ICD10CM_NAME})`}>
            {dischargeDiagnosisLabel(summary.principalDiagnosis)}
          </Block>
          {summary.secondaryDiagnoses.map((d, i) => (
            <Block key={`${d.coded?.code ?? ''}-${d.text ?? ''}`} label={`Secondary diagnosis ${i + 1}`}>
              {dischargeDiagnosisLabel(d)}
            </Block>
          ))}
        </dl>
      </Card>
      <Card title="In hospital">
        <dl className="flex flex-col gap-4">
          <Block label="What was done (procedures and treatment)">{summary.procedures}</Block>
          <Block label="Course in hospital">{summary.course}</Block>
        </dl>
      </Card>
      <Card title="Medicines to continue">
        {summary.medicines.length === 0 ? (
          <p className="text-sm text-ink-soft">No medicines to continue.</p>
        ) : (
          <ul className="divide-y divide-border">
            {summary.medicines.map((m) => (
              <li key={`${m.name}-${m.dose}-${m.frequency}-${m.duration}`} className="py-2 text-sm">
                <span className="font-medium text-ink">{m.name}</span>{' '}
                <span className="text-ink-soft">
                  {m.dose}, {m.frequency}, {m.duration}
                </span>
              </li>
            ))}
          </ul>
        )}
        {summary.allergyOverride ? (
          <p className="mt-3 text-sm font-medium text-warning-900" role="note">
            {ALLERGY_OVERRIDE_LABEL}: {allergyOverrideText(summary.allergyOverride, formatDateTime)}
          </p>
        ) : null}
      </Card>
      <Card title="Follow-up">
        <dl className="flex flex-col gap-4">
          <Block label="Instructions">{summary.followUpInstructions}</Block>
          <Block label="Appointment">
            <FollowUpLine followUp={summary.followUp} />
          </Block>
          <Block label={summary.signedAt ? 'Signed by' : 'Last saved by'}>
            {summary.signedAt && summary.signedBy
              ? `${summary.signedBy.name}, ${formatDateTime(summary.signedAt)}`
              : `${summary.author.name}, ${formatDateTime(summary.updatedAt)} (draft, not signed)`}
          </Block>
        </dl>
      </Card>
    </div>
  );
}
