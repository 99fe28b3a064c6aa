import {
  ALLERGY_OVERRIDE_LABEL,
  type DispensingLine,
  RECORD_NUMBER_LABEL,
  supplyText,
} from '@carepoint/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { labelUrl, useDispensingPrescription, usePharmacyLiveUpdates } from '../api/dispensing';
import { AllergyBadges } from '../components/allergy-badges';
import { DispenseLineDialog } from '../components/dispense-line-dialog';

/** One line: as written, how to take it, what was handed over (each item with its label) and what is owed. */
function LineCard({ line, onDispense }: { line: DispensingLine; onDispense: () => void }) {
  const owed = line.supply ? line.supply.owed : null;
  return (
    <Card
      title={line.name}
      actions={
        owed === 0 ? (
          <Badge tone="green">Dispensed</Badge>
        ) : (
          <Button size="sm" onClick={onDispense} aria-label={`Dispense ${line.name}`}>
            Dispense
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-2 text-sm">
        <p className="text-ink-soft">{line.instructions}</p>
        <p>
          {line.supply ? (
            <>
              <span className="font-medium text-ink">{line.supply.medicine.label}</span>
              {' · '}
              <span className={line.supply.owed > 0 ? 'text-warning-800' : undefined}>
                {supplyText(line.supply)}
              </span>
            </>
          ) : line.prescribedMedicine ? (
            <span className="font-medium text-ink">{line.prescribedMedicine.label}</span>
          ) : (
            <Badge tone="amber">Not stocked: choose from the formulary</Badge>
          )}
        </p>
        {line.supply?.substitutionReason ? (
          <p className="text-ink-muted">Substitute: {line.supply.substitutionReason}</p>
        ) : null}
        {line.supply && line.supply.owed > 0 && line.batches[0] ? (
          <p className="text-ink-muted">
            Next from batch {line.batches[0].batchNumber}, expires{' '}
            {formatCalendarDate(line.batches[0].expiryDate)}
          </p>
        ) : null}
        {line.items.length > 0 ? (
          <ul className="flex flex-col gap-1 border-t border-border pt-2">
            {line.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {item.quantity} from batch {item.batchNumber} (expires {formatCalendarDate(item.expiryDate)}
                  ), {formatDateTime(item.dispensedAt)} by {item.dispensedBy.name}
                  {item.overrideReason ? (
                    <span className="block text-xs text-ink-muted">Batch chosen: {item.overrideReason}</span>
                  ) : null}
                </span>
                <a
                  href={labelUrl(item.id)}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  aria-label={`Print the label of ${item.quantity} from batch ${item.batchNumber}`}
                >
                  Label
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * Dispensing one prescription: the patient with their allergies (and the doctor's override, if
 * any), the prescriber, and each line to dispense in full or in part, its items' labels, and what
 * is still owed.
 */
export default function DispensePage() {
  const { id = '' } = useParams();
  usePharmacyLiveUpdates();
  const prescription = useDispensingPrescription(id);
  const [dispensing, setDispensing] = useState<DispensingLine | null>(null);
  if (prescription.isPending) return <Skeleton className="h-64" />;
  if (prescription.isError)
    return (
      <ErrorState message="Could not load the prescription" onRetry={() => void prescription.refetch()} />
    );
  const rx = prescription.data;
  return (
    <>
      <PageHeader
        title={`Dispense for ${rx.patient.name}`}
        description={`${rx.patient.recordNumber ? `${RECORD_NUMBER_LABEL} ${rx.patient.recordNumber} · ` : ''}Written ${formatDateTime(rx.writtenAt)} by ${rx.prescriber.name}`}
        actions={
          <Link to="/pharmacy/dispensing" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Back to the queue
          </Link>
        }
      />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 text-sm">
          <span className="font-medium text-ink">Recorded allergies</span>
          <AllergyBadges allergies={rx.patient.allergies} />
          {rx.allergyOverride ? (
            <p className="rounded-md bg-danger-50 p-3 text-danger-800">
              <strong>{ALLERGY_OVERRIDE_LABEL}:</strong> {rx.allergyOverride}
            </p>
          ) : null}
          {!rx.active ? <Badge tone="red">Stopped by the doctor: not to be dispensed</Badge> : null}
          {rx.counselledAt ? (
            <span className="text-ink-muted">Counselled {formatDateTime(rx.counselledAt)}</span>
          ) : null}
        </div>
        {rx.lines.map((line) => (
          <LineCard key={line.id} line={line} onDispense={() => setDispensing(line)} />
        ))}
      </div>
      <DispenseLineDialog prescriptionId={rx.id} line={dispensing} onClose={() => setDispensing(null)} />
    </>
  );
}
