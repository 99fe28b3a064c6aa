import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but its answer does not wait for: the answer then takes the same time
 * whatever the work finds (a reset request for a known or an unknown e-mail), and a slow mail
 * server does not hold the client.
 */
export interface Later {
  run(task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (on shutdown, in tests). */
  settled(): Promise<void>;
}

/** Runs each task once the current answer is on its way; a failure is logged, never thrown. */
export function afterAnswer(log: FastifyBaseLogger): Later {
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => {},
          (error: unknown) => log.error({ err: error }, 'work after an answer failed'),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
