import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** The Redis connection behind the shared rate limits, and whether it is up right now. */
export interface RedisLink {
  client: Redis;
  isUp(): boolean;
  close(): Promise<void>;
}

/** host:port only: a REDIS_URL may carry a password, which has no place in the log. */
const where = (url: string) => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 6379}`;
};

/**
 * Connects to Redis so that an outage costs nothing but sharing: commands fail at once instead
 * of queueing while it reconnects (callers fall back to memory), and the log says so once per
 * outage, not once per reconnection attempt.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      `Redis at ${where(url)} is unreachable (${error.message}): rate limits are kept in memory, ` +
        'per instance, until it is back',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis at ${where(url)} is back: rate limits are shared again`);
  });
  // Start with a settled state: limits taken right after start go to Redis when it is up.
  await client.connect().catch(() => {});
  return {
    client,
    isUp: () => client.status === 'ready',
    async close() {
      client.disconnect();
    },
  };
}
