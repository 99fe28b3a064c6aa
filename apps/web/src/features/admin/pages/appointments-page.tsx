import {
  APPOINTMENT_STATUSES,
  DESK_APPOINTMENT_SORTABLE,
  type DeskAppointment,
  doctorDisplayName,
} from '@carepoint/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCalendarMode, ViewSwitch } from '@/components/calendar/view-switch';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { FilterChip } from '@/components/ui/filter-chip';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { usePatientDetail } from '@/features/admin/api/patients';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import {
  ConfirmAppointmentButton,
  DeskBookButton,
  DeskCancelDialog,
  ReassignDialog,
} from '@/features/admin/components/desk-appointment-dialogs';
import { DeskCalendar } from '@/features/admin/components/desk-calendar';
import { useLiveEvents } from '@/features/admin/use-live-events';
import { useAvailableDoctors } from '@/lib/api/booking';
import { formatCalendarDate, formatSlot } from '@/lib/format';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<DeskAppointment>();
type Open = { kind: 'reassign' | 'cancel'; appointment: DeskAppointment } | null;
const active = (a: DeskAppointment) => a.status === 'Pending' || a.status === 'Confirmed';

const columns = (open: (next: Open) => void): DataTableColumn<DeskAppointment>[] =>
  withSorting(DESK_APPOINTMENT_SORTABLE, [
    {
      ...col.text('startsAt', 'When', (a) => formatSlot(a.date, a.time)),
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatCalendarDate(row.original.date)},{' '}
          <span className="font-medium">{row.original.time.slice(0, 5)}</span>
        </span>
      ),
    },
    {
      ...col.text('patient', 'Patient', (a) => a.patient.fullName),
      cell: ({ row }) => (
        <Link
          className="font-medium text-primary-700 hover:underline"
          to={`/admin/patients/${row.original.patient.id}`}
        >
          {row.original.patient.fullName}
        </Link>
      ),
    },
    col.text('doctor', 'Doctor', (a) => a.doctor.name),
    col.text('title', 'Title', (a) => a.title),
    col.status(
      'status',
      'Status',
      (a) => a.status,
      (a) => (a.cancelReason ? <span className="text-xs text-ink-muted">{a.cancelReason}</span> : null),
    ),
    col.actions((a) =>
      active(a) ? (
        <>
          {a.status === 'Pending' ? <ConfirmAppointmentButton appointment={a} /> : null}
          <Button size="sm" variant="ghost" onClick={() => open({ kind: 'reassign', appointment: a })}>
            Reassign<span className="sr-only"> {a.patient.fullName}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => open({ kind: 'cancel', appointment: a })}>
            Cancel<span className="sr-only"> {a.patient.fullName}</span>
          </Button>
        </>
      ) : null,
    ),
  ]);

/** The doctor filter: every bookable doctor. */
function DoctorFilter() {
  const [doctorId, setDoctorId] = useUrlFilter('doctorId');
  const doctors = useAvailableDoctors();
  return (
    <Select
      label="Doctor"
      hideLabel
      className="w-48"
      value={doctorId}
      onChange={(event) => setDoctorId(event.target.value)}
      placeholder="All doctors"
      options={(doctors.data ?? []).map((d) => ({ value: d.id, label: doctorDisplayName(d) }))}
    />
  );
}

function DateFilter() {
  const [date, setDate] = useUrlFilter('date');
  return (
    <Input
      label="Date"
      hideLabel
      type="date"
      className="w-40"
      value={date}
      onChange={(event) => setDate(event.target.value)}
    />
  );
}

/** "Open in the desk" on a patient's page filters by that patient: a chip says so and removes it. */
function PatientFilterChip() {
  const [patientId, setPatientId] = useUrlFilter('patientId');
  const patient = usePatientDetail(patientId, Boolean(patientId));
  if (!patientId) return null;
  return (
    <FilterChip
      name="Patient"
      value={patient.data?.patient.fullName ?? 'Loading...'}
      onRemove={() => setPatientId('')}
    />
  );
}

/** The appointments desk: every appointment, filtered on the server; confirm, reassign, cancel, book. */
export default function AppointmentsDeskPage() {
  const [opened, setOpened] = useState<Open>(null);
  const tableColumns = useMemo(() => columns(setOpened), []);
  const [doctorId] = useUrlFilter('doctorId');
  const [status] = useUrlFilter('status');
  const [date] = useUrlFilter('date');
  const [patientId] = useUrlFilter('patientId');
  const close = (open: boolean) => !open && setOpened(null);
  const [calendar] = useCalendarMode();
  // Patients book, cancel and move their own appointments: the desk sees it as it happens.
  useLiveEvents(['appointments']);
  return (
    <>
      <PageHeader
        title="Appointments"
        description="Every appointment: confirm, reassign to a doctor's free time, cancel, or book for a patient."
        actions={
          <>
            <ViewSwitch />
            <DeskBookButton />
          </>
        }
      />
      {calendar ? (
        <DeskCalendar />
      ) : (
        <AdminListTable
          resource="appointments"
          label="Appointments"
          columns={tableColumns}
          defaultSort="startsAt"
          searchPlaceholder="Search patients"
          filters={{ doctorId, status, date, patientId }}
          toolbar={
            <>
              <PatientFilterChip />
              <DoctorFilter />
              <FilterSelect
                name="status"
                label="Status"
                values={APPOINTMENT_STATUSES}
                allLabel="All statuses"
              />
              <DateFilter />
            </>
          }
        />
      )}
      {opened?.kind === 'reassign' ? (
        <ReassignDialog
          key={opened.appointment.id}
          appointment={opened.appointment}
          open
          onOpenChange={close}
        />
      ) : null}
      {opened?.kind === 'cancel' ? (
        <DeskCancelDialog
          key={opened.appointment.id}
          appointment={opened.appointment}
          open
          onOpenChange={close}
        />
      ) : null}
    </>
  );
}
