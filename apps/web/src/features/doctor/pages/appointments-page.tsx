import {
  DOCTOR_APPOINTMENTS_PAGE_SIZE,
  DOCTOR_APPOINTMENTS_SORTABLE,
  type DoctorAppointmentRow,
} from '@carepoint/contract';
import { Plus, RotateCcw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useCalendarMode, ViewSwitch } from '@/components/calendar/view-switch';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { doctorAppointmentsQuery, useDoctorLiveUpdates } from '@/features/doctor/api/appointments';
import { AddAppointmentDialog } from '@/features/doctor/components/appointments/add-appointment-dialog';
import { DoctorCalendar } from '@/features/doctor/components/appointments/doctor-calendar';
import {
  PERIOD_PARAM,
  PeriodSelect,
  usePeriod,
} from '@/features/doctor/components/appointments/period-select';
import { RowMenu } from '@/features/doctor/components/appointments/row-menu';
import { formatCalendarDate } from '@/lib/format';
import { useListQuery } from '@/lib/use-list-query';
import { useUrlFilters } from '@/lib/use-url-filters';

/** `?add=1` opens Add new Appointment on arrival (the profile page's Make Appointments links here). */
const ADD_PARAM = 'add';

/**
 * Appointments (docs/areas/doctor-appointments.md): the Show period selector, the table of the
 * doctor's appointments with search, Reset, sorting by name and paging (all on the server), the round plus button opening
 * Add new Appointment, and a row menu whose one item, View, opens the appointment.
 */
export default function DoctorAppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const [period] = usePeriod();
  const list = useListQuery({ defaultLimit: DOCTOR_APPOINTMENTS_PAGE_SIZE });
  const filters = useUrlFilters();

  const adding = params.get(ADD_PARAM) === '1';
  const setAdding = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(ADD_PARAM, '1');
        else next.delete(ADD_PARAM);
        return next;
      },
      { replace: true },
    );

  const [calendar] = useCalendarMode();
  useDoctorLiveUpdates();
  const filtered = Boolean(list.q) || period !== 'today';
  const offset = (list.page - 1) * list.limit;

  const columns = withSorting<DoctorAppointmentRow>(DOCTOR_APPOINTMENTS_SORTABLE, [
    {
      id: 'id',
      header: () => <span className="whitespace-nowrap">Sr no.</span>,
      enableHiding: false,
      cell: ({ row }) => <span className="tabular-nums">{offset + row.index + 1}</span>,
    },
    {
      id: 'name',
      header: 'Name',
      accessorKey: 'name',
      enableHiding: false,
      cell: ({ row }) => (
        <span className="flex items-center gap-2 whitespace-nowrap font-medium text-ink">
          <Avatar name={row.original.name} imageUrl={row.original.imageUrl} size="sm" decorative />
          {row.original.name}
        </span>
      ),
    },
    {
      id: 'mobile',
      header: 'Mobile',
      accessorFn: (r) => r.mobile,
      cell: ({ row }) => <span className="whitespace-nowrap">{row.original.mobile ?? '—'}</span>,
    },
    {
      id: 'email',
      header: 'Email',
      accessorKey: 'email',
      cell: ({ row }) => (
        <span className="block max-w-40 truncate" title={row.original.email}>
          {row.original.email}
        </span>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      enableHiding: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{formatCalendarDate(row.original.date)}</span>,
    },
    { id: 'time', header: 'Time', accessorKey: 'time', enableHiding: false },
    {
      id: 'status',
      header: 'Status',
      enableHiding: false,
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    columnsFor<DoctorAppointmentRow>().actions((r) => <RowMenu id={r.id} name={r.name} />),
  ]);

  return (
    <>
      <PageHeader
        title="Appointments"
        description="Your appointments, by period, or on a calendar of your working hours."
        actions={<ViewSwitch />}
      />
      {calendar ? (
        <DoctorCalendar />
      ) : (
        <>
          <div className="mb-4">
            <PeriodSelect />
          </div>
          <ListTable
            query={doctorAppointmentsQuery}
            label="Appointments"
            columns={columns}
            filters={{ [PERIOD_PARAM]: period === 'today' ? undefined : period }}
            defaultLimit={DOCTOR_APPOINTMENTS_PAGE_SIZE}
            searchPlaceholder="Search patients"
            toolbar={
              <>
                {filtered ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => filters.set({ q: '', [PERIOD_PARAM]: '' })}
                  >
                    <RotateCcw aria-hidden size={16} /> Reset
                  </Button>
                ) : null}
                <Button
                  size="icon"
                  className="rounded-full"
                  aria-label="Add new Appointment"
                  title="Add new Appointment"
                  onClick={() => setAdding(true)}
                >
                  <Plus aria-hidden size={20} />
                </Button>
              </>
            }
          />
        </>
      )}
      <AddAppointmentDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
