import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { RateLimitedError } from './errors';

/** One attempt taken from a limit: it counts unless it is given back. */
export interface Attempt {
  giveBack(): Promise<void>;
}

/**
 * Counters in fixed windows, kept by rate-limiter-flexible: in Redis when REDIS_URL is set
 * (shared by every instance; in memory while Redis is unreachable), otherwise in memory.
 *
 * Windows follow the app's clock (tests move it): each key is counted per window of the clock,
 * and the store only has to keep a window's count a little longer than the window lasts.
 */
export interface RateLimits {
  /**
   * Takes one of the `max` attempts of `key` in the current window, atomically, before the work
   * it guards: whatever the concurrency, at most `max` attempts run per window. Throws
   * RateLimitedError when none is left.
   */
  take(key: string, max: number, windowMs: number): Promise<Attempt>;
  /** Counts one request under `key` (over `max` too): the count in the window and the time left in it. */
  hit(key: string, max: number, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /** True when a shared store is configured but cannot be reached (the limits are then per instance). */
  isDegraded(): boolean;
}

export interface RateLimitsOptions {
  now: () => Date;
  /** The shared store; without it, counts are kept in this process. */
  redis?: { client: Redis; isUp(): boolean };
}

/** A window's count outlives the window by this much, so an attempt given back late still finds it. */
const GRACE_SECONDS = 60;

export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (max: number, windowMs: number) => {
    const name = `${max}/${windowMs}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const settings = {
        points: max,
        duration: Math.ceil(windowMs / 1000) + GRACE_SECONDS,
        keyPrefix: `carepoint:rl:${name}`,
      };
      limiter = options.redis
        ? new RateLimiterRedis({
            ...settings,
            storeClient: options.redis.client,
            // While Redis is down, count in memory at once rather than wait for it.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(settings),
          })
        : new RateLimiterMemory(settings);
      limiters.set(name, limiter);
    }
    return limiter;
  };

  /** The key of the clock's current window, and the time left in it. */
  const inWindow = (key: string, windowMs: number) => {
    const now = options.now().getTime();
    const index = Math.floor(now / windowMs);
    return { key: `${key}@${index}`, msLeft: (index + 1) * windowMs - now };
  };

  /** Consumes one point: the count after it, whether or not it went over `max`. */
  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      return { res: await limiter.consume(key), over: false };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { res: refusal, over: true };
      throw refusal;
    }
  };

  return {
    async take(key, max, windowMs) {
      const limiter = limiterFor(max, windowMs);
      const window = inWindow(key, windowMs);
      const { over } = await consume(limiter, window.key);
      if (over) {
        // A refused request is no attempt: only attempts taken (and kept) count.
        await limiter.reward(window.key);
        throw new RateLimitedError(Math.ceil(window.msLeft / 1000));
      }
      let given = false;
      return {
        async giveBack() {
          if (given) return;
          given = true;
          await limiter.reward(window.key);
        },
      };
    },
    async hit(key, max, windowMs) {
      const window = inWindow(key, windowMs);
      const { res } = await consume(limiterFor(max, windowMs), window.key);
      return { count: res.consumedPoints, msLeft: window.msLeft };
    },
    isDegraded: () => (options.redis ? !options.redis.isUp() : false),
  };
}

/** Takes an attempt under each limit, or none: when one is refused, those already taken go back. */
export async function takeEach(
  limits: RateLimits,
  windowMs: number,
  rules: ReadonlyArray<readonly [key: string, max: number]>,
): Promise<Attempt> {
  const taken: Attempt[] = [];
  try {
    for (const [key, max] of rules) taken.push(await limits.take(key, max, windowMs));
  } catch (error) {
    await Promise.all(taken.map((attempt) => attempt.giveBack()));
    throw error;
  }
  return {
    async giveBack() {
      await Promise.all(taken.map((attempt) => attempt.giveBack()));
    },
  };
}
