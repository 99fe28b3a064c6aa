import { CALENDAR_MESSAGES, type Calendar } from '@carepoint/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { CalendarAgenda } from './calendar-agenda';
import type { CalendarScreenProps } from './calendar-model';

// The grid and its library load with the first calendar shown, never with the app.
const AppointmentCalendar = lazy(() => import('./appointment-calendar'));

/** Below this width a day agenda replaces the time grid. */
const GRID_QUERY = '(min-width: 768px)';

function useWide() {
  const [wide, setWide] = useState(() => window.matchMedia(GRID_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(GRID_QUERY);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

const Loading = () => <Skeleton className="h-[60vh] w-full" />;

/**
 * A calendar screen's body: the loading and error states, then the time grid on a wide screen
 * or a day agenda on a phone.
 */
export function CalendarView({
  query,
  ...props
}: Omit<CalendarScreenProps, 'calendar'> & { query: UseQueryResult<Calendar> }) {
  const wide = useWide();
  if (query.isLoading) return <Loading />;
  if (!query.data)
    return (
      <ErrorState
        message={errorMessage(query.error, CALENDAR_MESSAGES.loadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!wide) return <CalendarAgenda calendar={query.data} {...props} />;
  return (
    <Suspense fallback={<Loading />}>
      <AppointmentCalendar calendar={query.data} {...props} />
    </Suspense>
  );
}
