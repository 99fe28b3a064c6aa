import { RESULTS_MESSAGES } from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Checkbox } from '@/components/ui/checkbox';
import { useShareWithPatient } from '@/features/doctor/api/sharing';

/** Where a shared record reaches the patient. */
const SEEN = {
  test: 'Shared, the patient sees it under My Results and in their health record download.',
  report: 'Shared, the patient sees it and its files under My Results.',
} as const;

/**
 * "Share with the patient": whether the patient sees this test or report on My Results (and in
 * their FHIR record). Its author changes it; anyone else reads it.
 */
export function ShareWithPatient({
  kind,
  id,
  shared,
  canChange,
}: {
  kind: 'test' | 'report';
  id: string;
  shared: boolean;
  canChange: boolean;
}) {
  const share = useShareWithPatient(kind, id);
  // The box follows the click at once: the mutation's own state reaches React a tick later, and
  // a controlled checkbox would snap back to the old value in between. It lets go once the
  // refreshed record (or a failure) is in.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? shared;
  return (
    <div className="rounded-md border border-border bg-muted px-3 py-2">
      <Checkbox
        label="Share with the patient"
        checked={checked}
        disabled={!canChange || share.isPending}
        onChange={(event) => {
          setPending(event.target.checked);
          share.mutate(event.target.checked, {
            onSuccess: (answer) =>
              toast.success(answer.shared ? RESULTS_MESSAGES.shared : RESULTS_MESSAGES.unshared),
            onSettled: () => setPending(null),
          });
        }}
      />
      <p className="mt-1 text-xs text-ink-muted">
        {canChange ? SEEN[kind] : 'Only the doctor who recorded it can change this.'}
      </p>
    </div>
  );
}
