import { Redis } from 'ioredis';

/** Counts events per key in a fixed window; Redis shares the counts across instances. */
export interface RateLimiter {
  /** Adds one to the key's count and answers the count within the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) {
        for (const k of windows.keys()) live(k);
      }
      return entry.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const prefixed = (key: string) => `carepoint:rl:${key}`;
  return {
    async hit(key, windowMs) {
      const k = prefixed(key);
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
        [Error | null, number],
      ];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefixed(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(prefixed(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
