const DAY_MS = 24 * 60 * 60 * 1000;
/** The first run after a start waits for the start's own work. */
const FIRST_RUN_MS = 60_000;

/**
 * Runs `task` a minute after the server starts, then every day while it runs (timers that do not
 * keep the process alive); answers the function that stops it. Every instance runs its own: the
 * tasks are written to be safe when two run at once.
 */
export function scheduleDaily(task: () => Promise<void>): () => void {
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void task();
    daily = setInterval(() => void task(), DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
