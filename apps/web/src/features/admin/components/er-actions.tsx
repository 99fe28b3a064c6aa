import { canMoveErEntry, type ErEntry, type ErStatus } from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useUpdateErEntry } from '@/features/admin/api/emergency';
import { useStartAdmit } from './er-admit-flow';

/** The moves offered from each status; Admitted and Discharged are final, so they are confirmed. */
const MOVES: ReadonlyArray<{ to: ErStatus; label: string; final: boolean }> = [
  { to: 'In Treatment', label: 'Start treatment', final: false },
  { to: 'Admitted', label: 'Admit', final: true },
  { to: 'Discharged', label: 'Discharge', final: true },
];

/** Row actions of an ER entry: Waiting -> In Treatment -> Admitted / Discharged. */
export function ErActions({ entry }: { entry: ErEntry }) {
  const update = useUpdateErEntry();
  const [confirming, setConfirming] = useState<(typeof MOVES)[number] | null>(null);
  const startAdmit = useStartAdmit();
  const moves = MOVES.filter((m) => m.to !== entry.status && canMoveErEntry(entry.status, m.to));

  const move = async (to: ErStatus) => {
    try {
      await update.mutateAsync({ id: entry.id, body: { status: to } });
      toast.success(`${entry.patientName}: ${to}`);
      setConfirming(null);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };

  if (moves.length === 0) return null;
  return (
    <>
      {moves.map((m) => (
        <Button
          key={m.to}
          variant={m.final ? 'ghost' : 'secondary'}
          size="sm"
          disabled={update.isPending}
          onClick={() => {
            // Admitting gives a bed, and a bed goes only to a registered patient: a walk-in is
            // matched to their record first (name, date of birth, phone), then admitted.
            if (m.to === 'Admitted') startAdmit(entry);
            else if (m.final) setConfirming(m);
            else void move(m.to);
          }}
        >
          {m.label}
          <span className="sr-only"> {entry.patientName}</span>
        </Button>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `${confirming.label} ${entry.patientName}?` : ''}
        description={`This ends the emergency-room visit: ${entry.patientName} leaves the board as ${confirming?.to ?? ''}.`}
        confirmLabel={confirming?.label ?? 'Confirm'}
        destructive={false}
        loading={update.isPending}
        onConfirm={() => confirming && void move(confirming.to)}
      />
    </>
  );
}
