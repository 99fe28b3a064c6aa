import type { PrescriptionRow } from '@carepoint/contract';
import { Switch } from '@/components/ui/switch';
import { useSetPrescriptionStatus } from '@/features/doctor/api/prescriptions';

/**
 * The Status toggle (a boolean, true by default), shown as Active or Inactive. Only the
 * prescribing doctor may switch it; for others it reads only.
 */
export function StatusToggle({ row }: { row: Pick<PrescriptionRow, 'id' | 'status' | 'mine' | 'patient'> }) {
  const change = useSetPrescriptionStatus();
  const on = change.isPending && change.variables ? change.variables.status : row.status;
  const word = on ? 'Active' : 'Inactive';
  return (
    <Switch
      on={on}
      onChange={(status) => change.mutate({ id: row.id, status })}
      label={`Status of the prescription for ${row.patient.name}`}
      title={row.mine ? `${word}: click to change` : `${word} (only the prescribing doctor can change it)`}
      disabled={!row.mine || change.isPending}
      dimmed={!row.mine}
    >
      {word}
    </Switch>
  );
}
