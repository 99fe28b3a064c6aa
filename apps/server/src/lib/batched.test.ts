import { describe, expect, it } from 'vitest';
import { batched } from './batched';

/** A batch runner that records the batches it was given, and fails those holding `failOn`. */
function recorder(failOn?: number) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const calls = batched<number, string>({
    together: async (items) => {
      batches.push([...items]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failOn !== undefined && items.includes(failOn)) throw new Error('the database refused');
      return items.map((i) => `together ${i}`);
    },
    alone: async (item) => {
      alone.push(item);
      if (item === failOn) throw new Error(`item ${item} refused`);
      return `alone ${item}`;
    },
    maxBatch: 3,
  });
  return { calls, batches, alone };
}

describe('batched', () => {
  it('runs the calls of one moment together, and those arriving meanwhile in the next batch', async () => {
    const { calls, batches } = recorder();
    const first = [calls.submit(1), calls.submit(2)];
    await new Promise((resolve) => setTimeout(resolve, 1));
    const later = [calls.submit(3), calls.submit(4), calls.submit(5), calls.submit(6)];
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4, 5, 6].map((i) => `together ${i}`));
    // The first batch ran alone with what had arrived; the rest waited for it, at most 3 a batch.
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
  });

  it('runs each item of a failed batch alone: only the bad one fails', async () => {
    const { calls, alone } = recorder(2);
    const results = await Promise.allSettled([calls.submit(1), calls.submit(2), calls.submit(3)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'alone 1' },
      { status: 'rejected', reason: new Error('item 2 refused') },
      { status: 'fulfilled', value: 'alone 3' },
    ]);
    expect(alone).toEqual([1, 2, 3]);
  });
});
