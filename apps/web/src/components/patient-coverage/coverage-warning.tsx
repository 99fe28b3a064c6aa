import { AlertTriangle } from 'lucide-react';
import { useCoverageStatus } from '@/lib/api/coverage';

/** The expired-coverage warning as a banner, or nothing. */
export function CoverageWarningText({ warning }: { warning: string | null }) {
  if (!warning) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning-800 bg-warning-50 p-3 text-sm text-warning-900"
    >
      <AlertTriangle aria-hidden size={16} className="mt-0.5 shrink-0" />
      <span>{warning}</span>
    </p>
  );
}

/**
 * Where the desk books or admits: warns when the patient's coverage has expired, before care is
 * charged to it (docs/areas/billing-coverage.md). Nothing for a walk-in without a record.
 */
export function CoverageWarning({ patientId }: { patientId: string | null | undefined }) {
  const status = useCoverageStatus(patientId);
  return <CoverageWarningText warning={status.data?.warning ?? null} />;
}
