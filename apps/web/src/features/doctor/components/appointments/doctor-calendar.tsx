import type { CalendarAppointment } from '@carepoint/contract';
import { useState } from 'react';
import { MoveAppointmentDialog } from '@/components/appointments/move-dialog';
import { rangeOf } from '@/components/calendar/calendar-model';
import { CalendarView } from '@/components/calendar/calendar-view';
import { useCalendarPlace } from '@/components/calendar/use-calendar-place';
import { useDoctorCalendar, useMoveDoctorAppointment } from '@/features/doctor/api/appointments';
import { formatSlot } from '@/lib/format';

/**
 * The doctor's calendar: a day or a week of their own appointments over their working hours,
 * days off shaded and free slots shown. Drag an appointment, or open it for Move.
 */
export function DoctorCalendar() {
  const place = useCalendarPlace();
  const calendar = useDoctorCalendar(rangeOf(place.view, place.date));
  const move = useMoveDoctorAppointment();
  const drag = useMoveDoctorAppointment(false);
  const [moving, setMoving] = useState<CalendarAppointment | null>(null);

  return (
    <>
      <CalendarView
        query={calendar}
        view={place.view}
        date={place.date}
        byDoctor={false}
        onNavigate={place.setDate}
        onViewChange={place.setView}
        onMove={(a, to) => drag.mutateAsync({ id: a.id, body: { date: to.date, time: to.time } })}
        onOpen={setMoving}
      />
      {moving ? (
        <MoveAppointmentDialog
          key={moving.id}
          open
          onOpenChange={(open) => !open && setMoving(null)}
          description={`${moving.patientName}, "${moving.title}", now on ${formatSlot(moving.date, moving.time)}.`}
          doctorId={moving.doctorId}
          date={moving.date}
          move={(body) => move.mutateAsync({ id: moving.id, body })}
        />
      ) : null}
    </>
  );
}
