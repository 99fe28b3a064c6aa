import { describe, expect, it } from 'vitest';
import { beds, settings, users } from '../db/schema';
import { cachedRead, createReadCache, READ_CACHE_MS, uncached } from './read-cache';

const USERS = cachedRead('test-users', [users]);
const PATIENTS = cachedRead('test-patients', [users, beds]);
const FACILITY = cachedRead('test-facility', [settings]);

/** A cache on a clock the test moves, and a loader that counts its loads. */
function setup() {
  let now = 1_000_000;
  const cache = createReadCache(() => now);
  let loads = 0;
  const load = async () => {
    loads += 1;
    return { n: loads, rows: [{ name: 'Ada' }] };
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('read cache', () => {
  it('answers a key from memory until READ_CACHE_MS have passed, then reads again', async () => {
    const { cache, load, loads, advance } = setup();
    expect((await cache.read(USERS, 'k', load)).n).toBe(1);
    advance(READ_CACHE_MS - 1);
    expect((await cache.read(USERS, 'k', load)).n).toBe(1);
    advance(1);
    expect((await cache.read(USERS, 'k', load)).n).toBe(2);
    expect(loads()).toBe(2);
  });

  it('keeps each key apart', async () => {
    const { cache, load } = setup();
    expect((await cache.read(USERS, 'a', load)).n).toBe(1);
    expect((await cache.read(USERS, 'b', load)).n).toBe(2);
    expect((await cache.read(USERS, 'a', load)).n).toBe(1);
  });

  it('forgets everything on clear (a table changed)', async () => {
    const { cache, load } = setup();
    await cache.read(USERS, 'k', load);
    cache.clear();
    expect((await cache.read(USERS, 'k', load)).n).toBe(2);
  });

  it('forgets only the answers read from the table that changed', async () => {
    const { cache, load } = setup();
    expect((await cache.read(PATIENTS, 'patients', load)).n).toBe(1);
    expect((await cache.read(FACILITY, 'facility', load)).n).toBe(2);
    cache.clear('beds');
    expect((await cache.read(PATIENTS, 'patients', load)).n).toBe(3);
    expect((await cache.read(FACILITY, 'facility', load)).n).toBe(2);
  });

  it('shares one load among the requests that ask meanwhile', async () => {
    const { cache, load, loads } = setup();
    const answers = await Promise.all([
      cache.read(USERS, 'k', load),
      cache.read(USERS, 'k', load),
      cache.read(USERS, 'k', load),
    ]);
    expect(answers.map((a) => a.n)).toEqual([1, 1, 1]);
    expect(loads()).toBe(1);
  });

  it('does not keep an answer read before a change announced while it was loading', async () => {
    const { cache } = setup();
    let finish: (value: { n: number }) => void = () => {};
    const slow = cache.read(USERS, 'k', () => new Promise<{ n: number }>((resolve) => (finish = resolve)));
    cache.clear();
    finish({ n: 0 });
    expect((await slow).n).toBe(0);
    expect((await cache.read(USERS, 'k', async () => ({ n: 7 }))).n).toBe(7);
  });

  it('does not keep a failed load', async () => {
    const { cache, load } = setup();
    await expect(cache.read(USERS, 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect((await cache.read(USERS, 'k', load)).n).toBe(1);
  });

  it('freezes what it shares, to the last nested value', async () => {
    const { cache, load } = setup();
    const answer = await cache.read(USERS, 'k', load);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.rows)).toBe(true);
    expect(Object.isFrozen(answer.rows[0])).toBe(true);
  });

  it('uncached reads every time (transactions, the seed, the CLI)', async () => {
    const { load } = setup();
    expect((await uncached.read(USERS, 'k', load)).n).toBe(1);
    expect((await uncached.read(USERS, 'k', load)).n).toBe(2);
  });
});
