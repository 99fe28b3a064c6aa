import type { FastifyBaseLogger } from 'fastify';

export interface PollerOptions {
  /** One pass; answers whether it left work behind (then the next pass follows at once). */
  pass(): Promise<boolean>;
  /** The wait between passes that found nothing more to do. */
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Names the worker in the log when a pass throws. */
  name: string;
}

export interface Poller {
  /** Passes from now on, one at a time (the running server calls it; tests run passes themselves). */
  start(): void;
  /** Stops the passes and waits for the one running. */
  close(): Promise<void>;
}

/**
 * The loop the background workers share (e-mails, bulk exports): one pass at a time, the next on
 * the event loop's next turn while there is more to do (requests run in between), else after
 * `intervalMs`. A pass that throws is logged and the loop goes on.
 */
export function createPoller({ pass, intervalMs, log, name }: PollerOptions): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  const tick = async () => {
    timer = undefined;
    let more = false;
    try {
      running = pass();
      more = await running;
    } catch (error) {
      log.error({ err: error }, `the ${name} could not run`);
    } finally {
      running = undefined;
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), more ? 0 : intervalMs);
  };
  return {
    start() {
      if (stopped || timer || running) return;
      timer = setTimeout(() => void tick(), 0);
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
