import type { ServerResponse } from 'node:http';
import { LIVE_TOPICS, type LiveAudience, type LiveTopic } from '@carepoint/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { sessions, users } from '../db/schema';

/*
 * Live boards. A change to the ER, a queue or an appointment is published with Postgres NOTIFY after its
 * transaction commits; every instance LISTENs once and forwards the topic to its own
 * Server-Sent Events clients. So a change made on one instance reaches browsers connected to
 * any other instance on the same database (on PGlite there is only one instance).
 */

const EVENTS_CHANNEL = 'carepoint_events';
/** Proxies close idle connections; a comment line every 25 s keeps the stream open (and re-checks the session). */
export const HEARTBEAT_MS = 25_000;

/** One announced change: its topic and, for appointments, the doctors it concerns. */
interface LiveEvent {
  topic: LiveTopic;
  doctorIds?: readonly string[];
}

/** Which events a stream forwards; the desk's takes every one. */
type EventFilter = (event: LiveEvent) => boolean;

interface EventHub {
  /** Announces a change to every instance. Call it after the transaction committed; it never throws. */
  publish(topic: LiveTopic, audience?: LiveAudience): Promise<void>;
  /** Takes over the reply and streams the events `accepts` lets through until the client disconnects. */
  stream(request: FastifyRequest, reply: FastifyReply, accepts?: EventFilter): void;
  /** Clients connected to this instance. */
  clients(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

/**
 * Sends the payloads handed to it in the same turn of the event loop (a dispense tells the queue
 * and the stock screens at once) in one statement: one round trip to the database for all of them.
 */
function coalescing(send: (payloads: string[]) => Promise<void>) {
  let pending: string[] | null = null;
  let sent = Promise.resolve();
  return (payload: string) => {
    if (!pending) {
      const batch: string[] = [];
      pending = batch;
      // Sent a microtask later, once the caller's synchronous work has published all it will.
      sent = Promise.resolve().then(() => {
        pending = null;
        return send(batch);
      });
    }
    pending.push(payload);
    return sent;
  };
}

/**
 * Announces a topic to every instance on the database with NOTIFY. A failure is logged, not
 * thrown: the change itself is saved, and boards catch up at their next refetch.
 */
function publisher(database: Pick<DatabaseHandle, 'notify'>, log: FastifyBaseLogger) {
  const send = coalescing((payloads) => database.notify(EVENTS_CHANNEL, payloads));
  return async (topic: LiveTopic, audience?: LiveAudience) => {
    try {
      const event: LiveEvent = audience ? { topic, doctorIds: audience.doctorIds } : { topic };
      await send(JSON.stringify(event));
    } catch (error) {
      log.warn({ err: error, topic }, 'could not publish live event');
    }
  };
}

const isTopic = (value: unknown): value is LiveTopic =>
  typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);

const message = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

function eventOf(payload: string): LiveEvent | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { topic, doctorIds } = parsed as { topic?: unknown; doctorIds?: unknown };
    if (!isTopic(topic)) return undefined;
    return isIdList(doctorIds) ? { topic, doctorIds } : { topic };
  } catch {
    return undefined;
  }
}

/** Topics a doctor's stream forwards only when the event names that doctor. */
const NAMING_THE_DOCTOR: readonly LiveTopic[] = ['appointments', 'lab', 'pharmacy'];

/**
 * A doctor's stream: changes of their own appointments, of the lab orders they placed and of
 * the prescriptions they wrote that the pharmacy dispensed (the event names no one else), and
 * every ward change (any doctor may open any ward's board; their alerts refetch with it).
 */
export const doctorsOwn =
  (doctorId: string): EventFilter =>
  (event) =>
    event.topic === 'wards' ||
    (NAMING_THE_DOCTOR.includes(event.topic) && (event.doctorIds?.includes(doctorId) ?? false));

/** A nurse's stream: the wards and the emergency room, the two boards of their area, and lab orders (collection on the ward). */
export const nursesBoards: EventFilter = (event) =>
  event.topic === 'wards' || event.topic === 'emergency' || event.topic === 'lab';

/** The laboratory's stream: lab orders and specimens only. */
export const labsOwn: EventFilter = (event) => event.topic === 'lab';

/** The pharmacy's stream: prescriptions to dispense (written, changed, dispensed) and its stock. */
export const pharmacyOwn: EventFilter = (event) => event.topic === 'pharmacy' || event.topic === 'stock';

/** A stream outlives the request that opened it: each heartbeat checks that its session still holds. */
async function sessionHolds(app: FastifyInstance, tokenHash: string | null) {
  if (!tokenHash) return false;
  const [row] = await app.db
    .select({ status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, app.now())),
    )
    .limit(1);
  return row?.status === 'Active';
}

async function eventsPlugin(app: FastifyInstance) {
  const clients = new Map<ServerResponse, EventFilter>();
  let unlisten: (() => Promise<void>) | undefined;

  // Only the topic leaves the server: which doctors an event concerns stays here.
  const broadcast = (event: LiveEvent) => {
    const text = message(event.topic, { topic: event.topic });
    for (const [res, accepts] of clients) if (accepts(event)) res.write(text);
  };

  const hub: EventHub = {
    publish: publisher(app.dbHandle, app.log),
    stream(request, reply, accepts = () => true) {
      reply.hijack();
      const res = reply.raw;
      // Hijacking skips Fastify's send, so the security headers set so far are copied by hand.
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = value;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(message('ready', {}));
      clients.set(res, accepts);
      const heartbeat = setInterval(async () => {
        try {
          if (await sessionHolds(app, request.sessionTokenHash)) res.write(': heartbeat\n\n');
          else res.end();
        } catch {
          // The database is briefly unreachable: keep the stream, check again next time.
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        clients.delete(res);
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
    clients: () => clients.size,
  };
  app.decorate('events', hub);

  // One subscription per instance, made when the server is ready.
  app.addHook('onReady', async () => {
    unlisten = await app.dbHandle.listen(EVENTS_CHANNEL, (payload) => {
      const event = eventOf(payload);
      if (event) broadcast(event);
    });
  });
  // Before the server and the database close: open streams would keep the server from closing, and
  // the subscription must end while its database connection is still open.
  app.addHook('preClose', async () => {
    for (const res of clients.keys()) res.end();
    clients.clear();
    try {
      await unlisten?.();
    } catch (error) {
      app.log.warn({ err: error }, 'could not stop listening for live events');
    }
    unlisten = undefined;
  });
}

export default fp(eventsPlugin, { name: 'events' });
