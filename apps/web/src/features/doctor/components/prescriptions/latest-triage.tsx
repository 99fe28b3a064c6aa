import { formatBloodPressure, type LatestTriageVitals, PRESCRIPTION_VITALS } from '@carepoint/contract';
import { ClipboardCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

/** What Physical Information takes from an intake: only the readings it has. */
export type TriageReadings = { bloodPressure?: string; pulseRate?: string; temperature?: string };

function triageReadings(v: LatestTriageVitals): TriageReadings {
  return {
    ...(v.systolic !== null && v.diastolic !== null ? { bloodPressure: `${v.systolic}/${v.diastolic}` } : {}),
    ...(v.heartRate !== null ? { pulseRate: String(v.heartRate) } : {}),
    ...(v.temperature !== null ? { temperature: String(v.temperature) } : {}),
  };
}

/**
 * The patient's latest triage vitals, read-only with their date, and **Use these** to copy them
 * into Physical Information (the doctor may still change them: the form stores what it shows).
 */
export function LatestTriage({
  vitals,
  onUse,
}: {
  vitals: LatestTriageVitals;
  onUse: (readings: TriageReadings) => void;
}) {
  const parts = [
    vitals.systolic !== null
      ? `Blood pressure ${formatBloodPressure(vitals.systolic, vitals.diastolic)}`
      : null,
    vitals.heartRate !== null ? `Pulse ${vitals.heartRate} ${PRESCRIPTION_VITALS.pulseRate.unit}` : null,
    vitals.temperature !== null
      ? `Temperature ${vitals.temperature} ${PRESCRIPTION_VITALS.temperature.unit}`
      : null,
  ].filter((p) => p !== null);
  return (
    <section
      aria-label="Latest triage vitals"
      className="mb-4 flex flex-col gap-2 rounded-md border border-border bg-muted px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-ink-soft">
        <span className="font-medium text-ink">Latest triage vitals</span>{' '}
        <span className="text-ink-muted">({formatDateTime(vitals.recordedAt)})</span>:{' '}
        {parts.length > 0 ? parts.join(' · ') : 'none recorded'}
      </p>
      {parts.length > 0 ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => onUse(triageReadings(vitals))}>
          <ClipboardCheck aria-hidden size={14} /> Use these
        </Button>
      ) : null}
    </section>
  );
}
