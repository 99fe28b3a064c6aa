import { DOCTOR_APPOINTMENT_MESSAGES, type DoctorAppointmentDetail } from '@carepoint/contract';
import { ArrowLeft, ClipboardList, Pill, Receipt } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDoctorAppointment } from '@/features/doctor/api/appointments';
import {
  type CancelTarget,
  DoctorCancelDialog,
} from '@/features/doctor/components/appointments/doctor-cancel-dialog';
import { formatStamp, typeLabel } from '@/features/doctor/components/appointments/format';
import { StatusActions } from '@/features/doctor/components/appointments/status-actions';
import { PatientDrawer } from '@/features/doctor/components/patients/patient-drawer';
import { PatientLabOrders } from '@/features/lab/components/patient-lab-orders';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { formatWeekdayDate } from '@/lib/format';

const backLink = (
  <Link to="/doctor/appointments" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
    <ArrowLeft aria-hidden size={16} /> Appointments
  </Link>
);

/** One labelled value of a details list. */
function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx('flex flex-col gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm text-ink">{children ?? '—'}</dd>
    </div>
  );
}

/** The appointment's history, oldest first: who moved it, when and why. */
function History({ appointment }: { appointment: DoctorAppointmentDetail }) {
  return (
    <ol className="flex flex-col gap-4">
      {appointment.history.map((event) => (
        <li key={`${event.at}-${event.to}`} className="border-l-2 border-primary-200 pl-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
            {event.from ? (
              <>
                <StatusBadge status={event.from} /> <span aria-hidden>→</span>
                <span className="sr-only">to</span>
              </>
            ) : (
              <span>Booked as</span>
            )}
            <StatusBadge status={event.to} />
          </p>
          <p className="mt-1 text-xs text-ink-muted">
            <time dateTime={event.at}>{formatStamp(event.at)}</time>
            {event.by ? ` by ${event.by}` : ''}
          </p>
          {event.reason ? <p className="mt-1 text-sm text-ink-soft">Reason: {event.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-3">
      <p className="sr-only">Loading the appointment</p>
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <div className="flex flex-col gap-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * /doctor/appointment/{id}: the appointment with the patient and contact, time, title,
 * priority, notes and status history, and the status actions the rules allow.
 */
export default function AppointmentDetailPage() {
  const { id = '' } = useParams();
  const query = useDoctorAppointment(id);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [chartOpen, setChartOpen] = useState(false);
  const a = query.data;

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Appointment" actions={backLink} />
        <Loading />
      </>
    );
  }
  if (!a) {
    const missing =
      isApiRequestError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <PageHeader title="Appointment" actions={backLink} />
        <Card>
          {missing ? (
            <ErrorState message="Appointment not found. It may belong to another doctor, or the link is wrong." />
          ) : (
            <ErrorState
              message={errorMessage(query.error, DOCTOR_APPOINTMENT_MESSAGES.detailFailed)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
        </Card>
      </>
    );
  }

  const when = `on ${formatWeekdayDate(a.date)} at ${a.time}`;
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {a.title} <StatusBadge status={a.status} />
          </span>
        }
        description={`${formatWeekdayDate(a.date)} at ${a.time}, ${a.durationMinutes} minutes`}
        actions={
          <div className="flex flex-wrap gap-2">
            {backLink}
            <Button variant="secondary" size="sm" onClick={() => setChartOpen(true)}>
              <ClipboardList aria-hidden size={16} /> Open chart
            </Button>
            {a.status === 'Cancelled' ? null : (
              <Link
                to={`/doctor/prescription/create-prescription?${new URLSearchParams({ patientId: a.patient.id, appointmentId: a.id })}`}
                className={buttonClass({ size: 'sm' })}
              >
                <Pill aria-hidden size={16} /> Write prescription
              </Link>
            )}
            {a.status === 'Completed' ? (
              <Link to={`/doctor/transactions?new=${a.id}`} className={buttonClass({ size: 'sm' })}>
                <Receipt aria-hidden size={16} /> Create invoice
              </Link>
            ) : null}
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Patient" className="lg:col-span-1">
          <div className="mb-4 flex items-center gap-3">
            <Avatar name={a.patient.fullName} imageUrl={a.patient.imageUrl} size="lg" decorative />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{a.patient.fullName}</p>
              <p className="text-sm text-ink-muted">
                {[
                  a.patient.gender ? typeLabel(a.patient.gender) : null,
                  a.patient.age ? `${a.patient.age} years` : null,
                ]
                  .filter(Boolean)
                  .join(', ') || 'Patient'}
              </p>
            </div>
          </div>
          <dl className="flex flex-col gap-3">
            <Item label="Email">
              <a className="break-all text-primary-800 hover:underline" href={`mailto:${a.patient.email}`}>
                {a.patient.email}
              </a>
            </Item>
            <Item label="Mobile">
              {a.patient.phone ? (
                <a
                  className="text-primary-800 hover:underline"
                  href={`tel:${a.patient.phone.replace(/\s+/g, '')}`}
                >
                  {a.patient.phone}
                </a>
              ) : null}
            </Item>
          </dl>
        </Card>
        <Card title="Appointment" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Date">{formatWeekdayDate(a.date)}</Item>
            <Item label="Time">
              {a.time} ({a.durationMinutes} minutes)
            </Item>
            <Item label="Title">{a.title}</Item>
            <Item label="Type">{typeLabel(a.type)}</Item>
            <Item label="Priority">
              <StatusBadge status={a.priority} />
            </Item>
            <Item label="Status">
              <StatusBadge status={a.status} />
            </Item>
            <Item label="Notes" wide>
              {a.notes}
            </Item>
            {a.cancelReason ? (
              <Item label="Cancel reason" wide>
                {a.cancelReason}
              </Item>
            ) : null}
          </dl>
          <StatusActions
            appointment={a}
            name={a.patient.fullName}
            when={when}
            onCancel={setCancelling}
            size="md"
            className="mt-6 border-t border-border pt-4"
          />
        </Card>
        <Card title="Lab orders" className="lg:col-span-3">
          <PatientLabOrders
            origin={{ patientId: a.patient.id, patientName: a.patient.fullName, appointmentId: a.id }}
            viewer="doctor"
          />
        </Card>
        <Card title="Status history" className="lg:col-span-3">
          <History appointment={a} />
        </Card>
      </div>
      <DoctorCancelDialog target={cancelling} onClose={() => setCancelling(null)} />
      <PatientDrawer patientId={chartOpen ? a.patient.id : null} onClose={() => setChartOpen(false)} />
    </>
  );
}
