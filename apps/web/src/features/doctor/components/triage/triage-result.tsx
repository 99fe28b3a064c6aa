import { TRIAGE_RULE, type TriageResult } from '@carepoint/contract';
import { StatusBadge } from '@/components/ui/badge';

const DEPARTMENT_NAMES: Record<TriageResult['department'], string> = {
  ER: 'Emergency room',
  General: 'General queue',
};

/** What each reading adds, as the triage rule says it (contract's TRIAGE_RULE), for the panel's legend. */
const RULES = [
  `Heart rate below ${TRIAGE_RULE.heartRate.below} or above ${TRIAGE_RULE.heartRate.above} bpm: +${TRIAGE_RULE.heartRate.points}`,
  `Systolic below ${TRIAGE_RULE.systolic.below} or above ${TRIAGE_RULE.systolic.above} mmHg: +${TRIAGE_RULE.systolic.points}`,
  `Temperature below ${TRIAGE_RULE.temperature.below} or above ${TRIAGE_RULE.temperature.above} °C: +${TRIAGE_RULE.temperature.points}`,
  `High at ${TRIAGE_RULE.high} or more, Medium at exactly ${TRIAGE_RULE.medium}`,
];

/**
 * The live triage result: score, priority and suggested department, recomputed by the
 * contract's rule as the vitals are typed. Announced politely to screen readers.
 */
export function TriageResultPanel({ result }: { result: TriageResult | null }) {
  return (
    <div data-testid="triage-result" aria-live="polite" className="flex flex-col gap-4">
      {result ? (
        <dl className="grid grid-cols-3 gap-3 text-center">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs font-medium text-ink-muted">Score</dt>
            <dd className="mt-1 text-3xl font-semibold tabular-nums text-ink">{result.score}</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs font-medium text-ink-muted">Priority</dt>
            <dd className="mt-2">
              <StatusBadge status={result.priority} className="text-sm" />
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs font-medium text-ink-muted">Suggested</dt>
            <dd className="mt-2 text-sm font-semibold text-ink">{DEPARTMENT_NAMES[result.department]}</dd>
          </div>
        </dl>
      ) : (
        <p className="rounded-lg bg-muted p-4 text-sm text-ink-soft">
          Enter heart rate, systolic pressure and temperature to see the score.
        </p>
      )}
      <ul className="list-disc space-y-1 pl-5 text-xs text-ink-muted">
        {RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
