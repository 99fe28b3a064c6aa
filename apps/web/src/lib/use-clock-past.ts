import { useEffect, useState } from 'react';

/** The longest delay setTimeout keeps (about 24.8 days); a later instant waits in several steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The current time, read again the moment `instant` passes (a few ms after). A screen whose
 * choices depend on whether a time has come (Complete once a visit has started) then changes by
 * itself when it comes, without a reload or a timer ticking every second.
 */
export function useClockPast(instant: string): Date {
  const [now, setNow] = useState(() => new Date());
  const at = Date.parse(instant);

  useEffect(() => {
    if (!Number.isFinite(at) || now.getTime() >= at) return;
    // From the time now, not the last one read: the instant may be a new one, asked for much later.
    const left = at - Date.now();
    if (left < 0) {
      setNow(new Date());
      return;
    }
    // A few ms late, so the instant has passed when it is read.
    const timer = window.setTimeout(() => setNow(new Date()), Math.min(left + 20, MAX_DELAY_MS));
    return () => window.clearTimeout(timer);
  }, [at, now]);

  return now;
}
