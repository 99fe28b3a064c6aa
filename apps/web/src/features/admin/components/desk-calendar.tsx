import type { CalendarAppointment } from '@carepoint/contract';
import { useState } from 'react';
import { rangeOf } from '@/components/calendar/calendar-model';
import { CalendarView } from '@/components/calendar/calendar-view';
import { useCalendarPlace } from '@/components/calendar/use-calendar-place';
import { useDeskCalendar, useReassign } from '@/features/admin/api/appointments';
import { ReassignDialog } from './desk-appointment-dialogs';

/**
 * The desk's calendar: one day, one column per doctor, each doctor's hours and days off
 * shaded and their free slots shown. Drag an appointment to another time or doctor, or open
 * it for Move (the same dialog as Reassign).
 */
export function DeskCalendar() {
  const place = useCalendarPlace();
  const calendar = useDeskCalendar(rangeOf('day', place.date));
  const drag = useReassign(false);
  const [moving, setMoving] = useState<CalendarAppointment | null>(null);
  const doctorName = (id: string) => calendar.data?.doctors.find((d) => d.id === id)?.name ?? '';
  return (
    <>
      <CalendarView
        query={calendar}
        view="day"
        date={place.date}
        byDoctor
        onNavigate={place.setDate}
        onMove={(a, to) => drag.mutateAsync({ id: a.id, body: to })}
        onOpen={setMoving}
      />
      {moving ? (
        <ReassignDialog
          key={moving.id}
          verb="Move"
          open
          onOpenChange={(open) => !open && setMoving(null)}
          appointment={{
            id: moving.id,
            date: moving.date,
            time: moving.time,
            patient: { fullName: moving.patientName },
            doctor: { id: moving.doctorId, name: doctorName(moving.doctorId) },
          }}
        />
      ) : null}
    </>
  );
}
