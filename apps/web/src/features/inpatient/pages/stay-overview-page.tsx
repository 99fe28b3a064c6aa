import { STAY_MESSAGES, type Stay } from '@carepoint/contract';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useOutletContext } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCancelPlanned } from '@/features/inpatient/api';
import { ArriveDialog } from '@/features/inpatient/components/arrive-dialog';
import { DischargeDialog } from '@/features/inpatient/components/discharge-dialog';
import { TransferDialog } from '@/features/inpatient/components/transfer-dialog';
import { PatientLabOrders } from '@/features/lab/components/patient-lab-orders';
import { useAuth } from '@/lib/auth';
import { formatCalendarDate, formatDateTime } from '@/lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

type Opened = 'transfer' | 'discharge' | 'arrive' | 'cancel' | null;

/** What the people on the ward may do with this stay now. */
function StayActions({ stay }: { stay: Stay }) {
  const { user } = useAuth();
  const [opened, setOpened] = useState<Opened>(null);
  const cancel = useCancelPlanned();
  const close = (open: boolean) => !open && setOpened(null);
  const role = user?.role;
  const discharges = role === 'nurse' || role === 'admin';
  const admits = role === 'doctor' || role === 'admin';
  if (stay.status === 'Admitted')
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpened('transfer')}>
          Transfer
        </Button>
        {discharges ? <Button onClick={() => setOpened('discharge')}>Complete discharge</Button> : null}
        <TransferDialog stay={stay} open={opened === 'transfer'} onOpenChange={close} />
        <DischargeDialog stay={stay} open={opened === 'discharge'} onOpenChange={close} />
      </div>
    );
  if (stay.status === 'Planned')
    return (
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setOpened('arrive')}>Admit now</Button>
        {admits ? (
          <Button variant="secondary" onClick={() => setOpened('cancel')}>
            Cancel admission
          </Button>
        ) : null}
        <ArriveDialog stay={stay} open={opened === 'arrive'} onOpenChange={close} />
        <ConfirmDialog
          open={opened === 'cancel'}
          onOpenChange={close}
          title="Cancel this planned admission?"
          description="Its reserved bed becomes free again."
          confirmLabel="Cancel admission"
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(stay.id, {
              onSuccess: () => {
                toast.success(STAY_MESSAGES.cancelled);
                setOpened(null);
              },
            })
          }
        />
      </div>
    );
  return null;
}

/**
 * The patient's lab orders on the stay: the doctor orders from here and sees them all; a nurse
 * sees those waiting on the laboratory, to collect and label at the bedside.
 */
function StayLabOrders({ stay }: { stay: Stay }) {
  const { user } = useAuth();
  const role = user?.role;
  if ((role !== 'doctor' && role !== 'nurse') || stay.status !== 'Admitted') return null;
  return (
    <Card title={role === 'nurse' ? 'Lab orders to collect' : 'Lab orders'}>
      <PatientLabOrders
        origin={{ patientId: stay.patient.id, patientName: stay.patient.name, stayId: stay.id }}
        viewer={role}
        pendingOnly={role === 'nurse'}
      />
    </Card>
  );
}

/** The stay's overview: why and since when, the expected length, where the patient lay, and the actions. */
export default function StayOverviewPage() {
  const stay = useOutletContext<Stay>();
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card title="Admission" actions={<StayActions stay={stay} />}>
        <dl className="flex flex-col gap-3">
          <Row label="Reason">{stay.reason}</Row>
          <Row label="Admission diagnosis">
            {stay.diagnosis ? `${stay.diagnosis.code} ${stay.diagnosis.title}` : 'Not coded'}
            {stay.diagnosisText ? ` (${stay.diagnosisText})` : ''}
          </Row>
          <Row label="Came from">{stay.admitSource}</Row>
          <Row label="Doctor in charge">Dr {stay.doctor.name}</Row>
          {stay.plannedFor ? <Row label="Planned for">{formatCalendarDate(stay.plannedFor)}</Row> : null}
          {stay.admittedAt ? <Row label="Admitted">{formatDateTime(stay.admittedAt)}</Row> : null}
          <Row label="Expected length">{stay.expectedDays ? `${stay.expectedDays} days` : 'Not given'}</Row>
          {stay.dischargedAt ? (
            <Row label="Discharged">
              {formatDateTime(stay.dischargedAt)} ({stay.dischargeDisposition})
            </Row>
          ) : null}
        </dl>
      </Card>
      <StayLabOrders stay={stay} />
      <Card title="Where the patient lay">
        {stay.locations.length === 0 ? (
          <p className="text-sm text-ink-muted">Not in a bed yet.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {stay.locations.map((place) => (
              <li key={place.fromAt} className="text-sm">
                <p className="font-medium text-ink">
                  {place.bedLabel} · {place.wardName}
                </p>
                <p className="text-ink-muted">
                  {formatDateTime(place.fromAt)} to {place.toAt ? formatDateTime(place.toAt) : 'now'}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
