import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPage,
  PATIENT_APPOINTMENTS_PAGE_SIZE,
  telHref,
} from '@carepoint/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MoveAppointmentDialog } from '@/components/appointments/move-dialog';
import { DataTable, type DataTableColumn, withSorting } from '@/components/data-table';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useMoveAppointment, usePatientAppointments } from '@/features/patient/api/appointments';
import {
  appointmentDate,
  appointmentDoctor,
  appointmentSlot,
  changeWindow,
} from '@/features/patient/components/appointment-cells';
import { BookAppointmentDialog } from '@/features/patient/components/book-appointment-dialog';
import { PatientCancelDialog } from '@/features/patient/components/patient-cancel-dialog';
import { errorMessage } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

/** `?book=1` (the dashboard's link) opens the booking form on arrival. */
const BOOK_PARAM = 'book';

/** What the list says about a closed change window: the rule's hours and the clinic's phone. */
type ChangeRule = Pick<AppointmentPage, 'changeHours' | 'clinicPhone'>;

/**
 * Why a visit can no longer be changed here, said plainly: it is within the rule's hours (no
 * closing time, which for a visit booked that late lies before the booking), and whom to call.
 */
function ClosedWindowNote({ id, rule }: { id: string; rule: ChangeRule | undefined }) {
  const hours = rule ? `${rule.changeHours} hour${rule.changeHours === 1 ? '' : 's'}` : null;
  return (
    <span id={id} className="max-w-64 text-xs text-ink-muted">
      {hours ? `This visit is less than ${hours} away, so it can no longer be changed online. ` : ''}
      Please call the clinic
      {rule?.clinicPhone ? (
        <>
          {' '}
          on{' '}
          <a
            href={telHref(rule.clinicPhone)}
            className="font-medium whitespace-nowrap text-primary-800 underline"
          >
            {rule.clinicPhone}
          </a>
        </>
      ) : null}{' '}
      to cancel or move it.
    </span>
  );
}

/**
 * Move and Cancel of one appointment: offered while the change window is open; past it, shown
 * disabled with why (the clinic changes it then).
 */
function ChangeActions({
  appointment: a,
  rule,
  onMove,
  onCancel,
}: {
  appointment: Appointment;
  rule: ChangeRule | undefined;
  onMove: () => void;
  onCancel: () => void;
}) {
  const state = changeWindow(a);
  if (state === 'none') return null;
  const closed = state === 'closed';
  const whyId = `why-${a.id}`;
  const described = closed ? { 'aria-describedby': whyId } : {};
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex gap-2">
        {(
          [
            ['Move', onMove],
            ['Cancel', onCancel],
          ] as const
        ).map(([verb, onClick]) => (
          <Button
            key={verb}
            variant="secondary"
            size="sm"
            disabled={closed}
            onClick={onClick}
            aria-label={`${verb} ${a.title} on ${appointmentSlot(a)}`}
            {...described}
          >
            {verb}
          </Button>
        ))}
      </div>
      {closed ? <ClosedWindowNote id={whyId} rule={rule} /> : null}
    </div>
  );
}

/**
 * My Appointments: the patient's appointments, today's and upcoming ones first (the server's
 * default order; the Date header sorts by date either way), with booking, moving and cancelling.
 */
export default function MyAppointmentsPage() {
  const list = useListQuery({ defaultLimit: PATIENT_APPOINTMENTS_PAGE_SIZE });
  const appointments = usePatientAppointments(list.queryString);
  const [params, setParams] = useSearchParams();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const move = useMoveAppointment();

  const booking = params.get(BOOK_PARAM) === '1';
  const setBooking = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(BOOK_PARAM, '1');
        else next.delete(BOOK_PARAM);
        return next;
      },
      { replace: true },
    );

  // The server sorts by date only (patientAppointmentsQuerySchema); other headers stay plain.
  const columns: DataTableColumn<Appointment>[] = withSorting(
    ['date'],
    [
      {
        id: 'date',
        header: 'Date',
        // Sorted on the server (sort=date&order=asc|desc); an accessor makes the column sortable.
        accessorFn: (a) => a.date,
        enableHiding: false,
        cell: ({ row }) => <span className="whitespace-nowrap">{appointmentDate(row.original)}</span>,
      },
      { accessorKey: 'time', header: 'Time', enableHiding: false, enableSorting: false },
      {
        id: 'doctor',
        header: 'Doctor',
        enableHiding: false,
        cell: ({ row }) => <span className="whitespace-nowrap">{appointmentDoctor(row.original)}</span>,
      },
      { accessorKey: 'title', header: 'Title' },
      {
        accessorKey: 'priority',
        header: 'Priority',
        cell: ({ row }) => <StatusBadge status={row.original.priority} />,
      },
      {
        accessorKey: 'status',
        header: 'Status',
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <StatusBadge status={row.original.status} />
            {row.original.cancelReason ? (
              <span className="max-w-56 text-xs text-ink-muted">Reason: {row.original.cancelReason}</span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'actions',
        // A visible word: an sr-only (absolute) header escapes the table's scroll box and widens the page on phones.
        header: 'Actions',
        enableHiding: false,
        cell: ({ row }) => (
          <ChangeActions
            appointment={row.original}
            rule={appointments.data}
            onMove={() => setMoving(row.original)}
            onCancel={() => setCancelling(row.original)}
          />
        ),
      },
    ],
  );

  return (
    <>
      <PageHeader
        title="My Appointments"
        description="Your bookings: today's and upcoming first, then past visits."
      />
      <DataTable
        label="My appointments"
        columns={columns}
        data={appointments.data?.data ?? []}
        getRowId={(a) => a.id}
        pagination={appointments.data?.pagination}
        onPageChange={list.setPage}
        sort={list.sortState}
        onSortChange={list.setSort}
        isLoading={appointments.isLoading}
        error={
          appointments.isError ? errorMessage(appointments.error, APPOINTMENT_MESSAGES.loadFailed) : null
        }
        onRetry={() => void appointments.refetch()}
        emptyText="No appointments yet. Use Book Appointment to make your first booking."
      />
      {/* Room under the list so the floating button never hides the last row. */}
      <div className="h-20" aria-hidden />
      <Button
        size="lg"
        className="fixed right-4 bottom-4 z-40 rounded-full shadow-lg sm:right-8 sm:bottom-8"
        onClick={() => setBooking(true)}
      >
        <Plus aria-hidden size={20} /> Book Appointment
      </Button>
      <BookAppointmentDialog open={booking} onOpenChange={setBooking} />
      <PatientCancelDialog appointment={cancelling} onClose={() => setCancelling(null)} />
      {moving ? (
        <MoveAppointmentDialog
          key={moving.id}
          open
          onOpenChange={(open) => !open && setMoving(null)}
          description={`"${moving.title}" with ${appointmentDoctor(moving)}, now on ${appointmentSlot(moving)}. A confirmed appointment awaits the doctor's confirmation again.`}
          doctorId={moving.doctor.id}
          date={moving.date}
          move={(body) => move.mutateAsync({ id: moving.id, body })}
        />
      ) : null}
    </>
  );
}
