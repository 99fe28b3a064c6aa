import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The current time, re-read each time a whole minute has passed since `start` (null: never).
 * Counts derived from a stored instant (a queue ETA falling one minute every 60 s from etaSetAt,
 * an ER wait since arrivedAt) then change exactly when the server's derived value does, on
 * every screen at once, without refetching.
 */
export function useMinuteClock(start: string | readonly string[] | null): Date {
  const [now, setNow] = useState(() => new Date());
  // Several instants (a queue's entries): re-read at the first of their next whole minutes.
  const starts = start === null ? '' : [start].flat().join(' ');

  useEffect(() => {
    if (!starts) return;
    const at = now.getTime();
    let next = Number.POSITIVE_INFINITY;
    for (const s of starts.split(' ')) {
      const origin = new Date(s).getTime();
      const elapsed = Math.max(0, Math.floor((at - origin) / MINUTE_MS));
      next = Math.min(next, origin + (elapsed + 1) * MINUTE_MS);
    }
    // A few ms late, so the new minute has begun when it is read.
    const timer = window.setTimeout(() => setNow(new Date()), Math.max(0, next - at) + 20);
    return () => window.clearTimeout(timer);
  }, [starts, now]);

  return now;
}
