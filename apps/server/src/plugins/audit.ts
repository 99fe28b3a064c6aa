import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';
import type { ServiceContext } from '../lib/context';

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string;
  /** Set whenever a patient's clinical data is read or changed. */
  patientId?: string | null;
  details?: Record<string, unknown>;
  /** For events before a session exists (sign-in): who it was about. */
  actor?: { id?: string | null; role?: string | null; email?: string | null };
}

/**
 * Writes one audit row with the context's actor, address and clock. Inside a transaction pass
 * `inTransaction(ctx, tx)`, so the row commits or rolls back with the change.
 *
 * Durability (docs/performance.md "Audit trail durability"): a row written inside a
 * transaction commits with it, fully durable. Sign-in and password events (`auth.*`) are
 * written at once and wait for the flush. A row written on its own records a read that already
 * happened: the answer does not wait for it. It joins the next group-committed statement
 * (milliseconds later; identical reads there share one row that counts them, decision 0028),
 * which does not wait for the WAL flush either (`synchronous_commit =
 * off`): a crash of the app or of the database server may lose the read records of the last
 * moments (at most 3 × wal_writer_delay, 0.6 s by default, on the server). Never more: while
 * the database refuses them, or more than MAX_UNCOMMITTED wait, each read waits for its own
 * record and fails with it, and a stopping app writes all it holds before it closes the database.
 */
export async function audit(ctx: ServiceContext, entry: AuditEntry) {
  const { actor } = ctx;
  const row: AuditRow = {
    at: ctx.now(),
    actorId: entry.actor?.id ?? actor?.id ?? null,
    actorRole: entry.actor?.role ?? actor?.role ?? null,
    actorEmail: entry.actor?.email ?? actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    patientId: entry.patientId ?? null,
    ip: ctx.ip,
    details: entry.details ?? null,
  };
  if (ctx.db instanceof PgTransaction || entry.action.startsWith('auth.')) {
    await ctx.db.insert(auditEvents).values(row);
    return;
  }
  const writer = readRecords(ctx.db);
  if (writer.healthy() && waitingReadRecords < MAX_UNCOMMITTED) {
    // The usual way: no promise for the answer to wait on, only a note should the row fail.
    writer.write({
      row,
      done: (failure) => {
        if (failure) {
          ctx.log.error(
            { err: failure.error, action: row.action, patientId: row.patientId },
            'a read record was not written',
          );
        }
      },
    });
    return;
  }
  await new Promise<void>((resolve, reject) =>
    writer.write({ row, done: (failure) => (failure ? reject(failure.error) : resolve()) }),
  );
}

/**
 * Resolves once this database's read records so far are committed: the audit trail's own screens
 * read after it (a reader sees every read up to their own), and the app waits for it before it
 * closes the database.
 */
export const readRecordsWritten = (db: Executor) => writers.get(db)?.settled() ?? Promise.resolve();

interface AuditRow {
  at: Date;
  actorId: string | null;
  actorRole: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  patientId: string | null;
  ip: string;
  details: Record<string, unknown> | null;
}

/**
 * One statement for several read records. Its text is the same for any number of rows (the rows
 * travel as one JSON parameter), so nothing is built per row and the server parses one short
 * statement per batch; set_config(…, true) lasts until this statement's own commit.
 */
async function insertRelaxed(db: Executor, rows: readonly AuditRow[]) {
  await db.execute(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into audit_events
      (at, actor_id, actor_role, actor_email, action, entity_type, entity_id, patient_id, ip, details)
    select v.* from json_to_recordset(${JSON.stringify(rows)}::json)
      as v (at timestamptz, "actorId" uuid, "actorRole" text, "actorEmail" text, action text,
        "entityType" text, "entityId" text, "patientId" uuid, ip text, details jsonb)
    cross join relaxed`);
}

/** Read records not yet committed, across databases (for the metrics). */
let waitingReadRecords = 0;
export const pendingReadRecords = () => waitingReadRecords;

/**
 * Beyond this many read records not yet committed, a read waits for its own: memory stays
 * bounded, and a database that falls behind slows the reads down instead of letting records pile up.
 */
const MAX_UNCOMMITTED = 5_000;

/** A read record waiting for its statement, and what to call once it is written or has failed. */
interface Waiting {
  row: AuditRow;
  done(failure?: { error: unknown }): void;
}

/** One row of a statement, and the reads waiting for it. */
interface Written {
  row: AuditRow;
  waiters: Waiting[];
}

/**
 * The rows a statement writes for these read records: identical reads (the same actor, address,
 * action, subject and details, apart from the time) become one row that says how many there were
 * and when the last was, in `details.repeated` ({ times, lastAt }); `at` stays the first's. Only
 * records waiting for the same statement meet here (milliseconds apart): a client repeating one
 * read in a loop is recorded completely, in a row per statement instead of a row per request.
 */
function coalesced(batch: readonly Waiting[]): Written[] {
  type Group = Written & { times: number; lastAt: Date };
  // Rows by who, where from and what (cheap to key); the fields and details are compared within a key.
  const bySubject = new Map<string, Group[]>();
  const groups: Group[] = [];
  let last: Group | undefined;
  for (const waiting of batch) {
    const { row } = waiting;
    // Under load the same read comes many times in a row: the group before is tried first.
    let group =
      last && sameSubject(last.row, row) && sameJson(last.row.details, row.details) ? last : undefined;
    if (!group) {
      const subject = [
        row.actorId,
        row.actorRole,
        row.actorEmail,
        row.action,
        row.entityType,
        row.entityId,
        row.patientId,
        row.ip,
      ].join('\u0000');
      let same = bySubject.get(subject);
      if (!same) {
        same = [];
        bySubject.set(subject, same);
      }
      // The key may join unlike values alike (null and ''): the fields themselves decide.
      group = same.find((g) => sameSubject(g.row, row) && sameJson(g.row.details, row.details));
      if (!group) {
        group = { row, waiters: [], times: 0, lastAt: row.at };
        same.push(group);
        groups.push(group);
      }
    }
    group.waiters.push(waiting);
    group.times++;
    if (row.at > group.lastAt) group.lastAt = row.at;
    last = group;
  }
  return groups.map(({ row, waiters, times, lastAt }) => ({
    row:
      times === 1
        ? row
        : { ...row, details: { ...row.details, repeated: { times, lastAt: lastAt.toISOString() } } },
    waiters,
  }));
}

const sameSubject = (a: AuditRow, b: AuditRow) =>
  a.actorId === b.actorId &&
  a.actorRole === b.actorRole &&
  a.actorEmail === b.actorEmail &&
  a.action === b.action &&
  a.entityType === b.entityType &&
  a.entityId === b.entityId &&
  a.patientId === b.patientId &&
  a.ip === b.ip;

/**
 * Whether two details would be stored as the same JSON, without serializing either: the
 * entries of a cached page are shared, so most values compare as the same reference at once.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((value, i) => sameJson(value, b[i]));
  }
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson(Reflect.get(a, key), Reflect.get(b, key)))
  );
}

const isPlain = (value: object) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Group commit of read records, per database: a statement takes every record waiting for it;
 * while one is in flight, the records that arrive meanwhile wait and then go together in the
 * next one (one round trip and one commit for many requests under load). Before each statement
 * the writer lets the event loop run once, so requests already received add their records too:
 * on the embedded database a statement runs on this very thread, and without that turn each one
 * would carry a single record. If a shared statement fails, its rows are written one by one, so
 * only a bad row fails; while the last statement failed the writer is not `healthy`.
 */
function readRecordWriter(db: Executor) {
  let queue: Waiting[] = [];
  let writing = false;
  let failing = false;
  let whenIdle: Array<() => void> = [];
  const settle = ({ waiters }: Written, failure?: { error: unknown }) => {
    waitingReadRecords -= waiters.length;
    for (const w of waiters) w.done(failure);
  };
  const flush = async () => {
    while (queue.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = coalesced(queue.slice(0, MAX_BATCH));
      queue = queue.slice(MAX_BATCH);
      try {
        await insertRelaxed(
          db,
          batch.map((w) => w.row),
        );
        failing = false;
        for (const written of batch) settle(written);
      } catch (error) {
        failing = true;
        const [only] = batch;
        if (batch.length === 1 && only) settle(only, { error });
        else {
          await Promise.all(
            batch.map((written) =>
              insertRelaxed(db, [written.row]).then(
                () => settle(written),
                (rowError: unknown) => settle(written, { error: rowError }),
              ),
            ),
          );
        }
      }
    }
    writing = false;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  };
  return {
    write: (waiting: Waiting) => {
      waitingReadRecords++;
      queue.push(waiting);
      if (!writing) {
        writing = true;
        void flush();
      }
    },
    /** False while the last statement failed: reads then wait for (and fail with) their own record. */
    healthy: () => !failing,
    /** Resolves once every record written so far has been committed (or has failed). */
    settled: () => (writing ? new Promise<void>((resolve) => whenIdle.push(resolve)) : Promise.resolve()),
  };
}

/** Rows per statement: bounds one statement's size (and what one failure sends back to be retried). */
const MAX_BATCH = 200;
const writers = new WeakMap<Executor, ReturnType<typeof readRecordWriter>>();

function readRecords(db: Executor) {
  let writer = writers.get(db);
  if (!writer) {
    writer = readRecordWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
