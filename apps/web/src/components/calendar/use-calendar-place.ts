import { deviceToday } from '@/lib/format';
import { useUrlFilter } from '@/lib/use-url-filters';
import type { CalendarView } from './calendar-model';

/** The calendar's day (`?day=`, today by default) and its span (`?span=week`, a day by default), in the URL. */
export function useCalendarPlace(): {
  date: string;
  view: CalendarView;
  setDate: (date: string) => void;
  setView: (view: CalendarView) => void;
} {
  const [day, setDay] = useUrlFilter('day');
  const [span, setSpan] = useUrlFilter('span');
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : deviceToday(),
    view: span === 'week' ? 'week' : 'day',
    setDate: setDay,
    setView: (view) => setSpan(view === 'week' ? 'week' : ''),
  };
}
