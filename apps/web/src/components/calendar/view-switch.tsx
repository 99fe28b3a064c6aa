import { CalendarDays, Table } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUrlFilter } from '@/lib/use-url-filters';

/** `?view=calendar` shows the calendar; without it, the table. */
const VIEW_PARAM = 'view';

/** The "Table" / "Calendar" switch of an appointments screen, kept in the URL. */
export function useCalendarMode(): [boolean, (calendar: boolean) => void] {
  const [view, setView] = useUrlFilter(VIEW_PARAM);
  return [view === 'calendar', (calendar) => setView(calendar ? 'calendar' : '')];
}

export function ViewSwitch() {
  const [calendar, setCalendar] = useCalendarMode();
  return (
    <fieldset className="inline-flex rounded-md border border-border p-0.5">
      <legend className="sr-only">Show appointments as</legend>
      <Button
        size="sm"
        variant={calendar ? 'ghost' : 'secondary'}
        aria-pressed={!calendar}
        onClick={() => setCalendar(false)}
      >
        <Table aria-hidden size={16} /> Table
      </Button>
      <Button
        size="sm"
        variant={calendar ? 'secondary' : 'ghost'}
        aria-pressed={calendar}
        onClick={() => setCalendar(true)}
      >
        <CalendarDays aria-hidden size={16} /> Calendar
      </Button>
    </fieldset>
  );
}
