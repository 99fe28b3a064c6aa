/**
 * Calls that share one transaction when they arrive together: group commit at the application's
 * level. The first call runs at once (on the next turn of the event loop, so the calls of the same
 * moment join it); calls arriving while a batch runs wait for it and then go together, up to
 * `maxBatch` at a time. A caller's promise settles only after its batch has run, so an answer
 * never leaves before the work it reports is committed.
 *
 * When a batch fails (a database error in any one item rolls the whole transaction back), each of
 * its items is run `alone`, one after another: one bad item costs the others their shared commit,
 * never their answer.
 */
export interface Batched<I, O> {
  /** Runs `item` with whatever arrives meanwhile; resolves with its own result. */
  submit(item: I): Promise<O>;
}

export interface BatchedOptions<I, O> {
  /** Runs several items in one transaction; answers one result per item, in their order. */
  together: (items: readonly I[]) => Promise<O[]>;
  /** Runs one item on its own, after its batch failed. */
  alone: (item: I) => Promise<O>;
  /** At most this many items in one batch. */
  maxBatch: number;
  /** Told when a batch failed and its items are run alone (for the log). */
  onBatchFailure?: (error: unknown, size: number) => void;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export function batched<I, O>(options: BatchedOptions<I, O>): Batched<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let running = false;

  const runAlone = async ({ item, resolve, reject }: Waiting<I, O>) => {
    try {
      resolve(await options.alone(item));
    } catch (error) {
      reject(error);
    }
  };

  const runBatch = async (batch: Waiting<I, O>[]) => {
    let results: O[];
    try {
      results = await options.together(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error('a batch answered for another number of items');
    } catch (error) {
      options.onBatchFailure?.(error, batch.length);
      for (const waiter of batch) await runAlone(waiter);
      return;
    }
    // One result an item (the lengths are checked above).
    for (const [i, waiter] of batch.entries()) waiter.resolve(results[i] as O);
  };

  const drain = async () => {
    while (waiting.length > 0) await runBatch(waiting.splice(0, options.maxBatch));
    running = false;
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (running) return;
        running = true;
        setImmediate(() => void drain());
      });
    },
  };
}
