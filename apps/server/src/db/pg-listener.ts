import pg from 'pg';

type Handler = (payload: string) => void;

const MAX_RETRY_MS = 30_000;

/**
 * One connection per instance that LISTENs for the channels asked for. When it drops (the
 * database restarted, a failover), it reconnects with backoff and listens again, so live
 * boards keep working without restarting the server.
 */
export function createPgListener(url: string, onError: (error: Error) => void = () => {}) {
  const handlers = new Map<string, Set<Handler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const dispatch = (msg: pg.Notification) => {
    for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const lost = (fresh: pg.Client) => (error?: Error) => {
    if (client !== fresh) return;
    client = undefined;
    if (error) onError(error);
    scheduleReconnect();
  };

  const connect = () => {
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url });
      fresh.on('notification', dispatch);
      fresh.on('error', lost(fresh));
      fresh.on('end', lost(fresh));
      try {
        await fresh.connect();
        for (const channel of handlers.keys()) await fresh.query(`LISTEN ${channel}`);
      } catch (error) {
        fresh.removeAllListeners();
        await fresh.end().catch(() => {});
        throw error;
      }
      client = fresh;
      retryMs = 500;
      return fresh;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    /** `channel` must already be a safe identifier: it is written into the LISTEN statement. */
    async listen(channel: string, handler: Handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const current = client ?? (await connect());
        // LISTEN is idempotent; if the connection drops now, the reconnect listens to every channel again.
        await current.query(`LISTEN ${channel}`).catch(() => {});
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
