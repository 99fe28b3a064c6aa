import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import type { ServiceContext } from './context';

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

/** The row an entry is written as: the context's actor (unless the entry names one), address and clock. */
function auditRow(ctx: ServiceContext, entry: AuditEntry): AuditRow {
  const { actor } = ctx;
  return {
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
}

/**
 * Writes the rows of several changes made in one transaction (`inTransaction(ctx, tx)`) in one
 * statement, committed with them: the HL7 listener stores the messages that arrive together in
 * one transaction, and one insert for all their rows costs the embedded database one statement
 * instead of one a message.
 */
export async function auditAll(ctx: ServiceContext, entries: readonly AuditEntry[]) {
  if (!(ctx.db instanceof PgTransaction)) throw new Error('auditAll writes inside a transaction only');
  if (entries.length === 0) return;
  await insertRows(
    ctx.db,
    entries.map((entry) => auditRow(ctx, entry)),
    { relaxed: false },
  );
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
  const row = auditRow(ctx, entry);
  if (ctx.db instanceof PgTransaction || entry.action.startsWith('auth.')) {
    await insertRows(ctx.db, [row], { relaxed: false });
    return;
  }
  const writer = readRecords(ctx.db);
  if (writer.healthy() && waitingReadRecords < MAX_UNCOMMITTED) {
    // The usual way: nothing for the answer to wait on; a row that fails is logged by the writer.
    writer.write(row, ctx.log);
    return;
  }
  await new Promise<void>((resolve, reject) =>
    writer.write(row, ctx.log, (failure) => (failure ? reject(failure.error) : resolve())),
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
 * One statement for several audit rows. Its text is the same for any number of rows (the rows
 * travel as one JSON parameter), so nothing is built per row and the server parses one short
 * statement per batch. `relaxed`: read records, committed without waiting for the WAL flush
 * (set_config(…, true) lasts until this statement's own commit).
 */
async function insertRows(db: Executor, rows: readonly AuditRow[], { relaxed }: { relaxed: boolean }) {
  await db.execute(sql`
    insert into audit_events
      (at, actor_id, actor_role, actor_email, action, entity_type, entity_id, patient_id, ip, details)
    select v.* from json_to_recordset(${JSON.stringify(rows)}::json)
      as v (at timestamptz, "actorId" uuid, "actorRole" text, "actorEmail" text, action text,
        "entityType" text, "entityId" text, "patientId" uuid, ip text, details jsonb)
    ${relaxed ? sql`cross join (select set_config('synchronous_commit', 'off', true)) as relaxed` : sql``}`);
}

const insertRelaxed = (db: Executor, rows: readonly AuditRow[]) => insertRows(db, rows, { relaxed: true });

/** Read records not yet committed, across databases (for the metrics). */
let waitingReadRecords = 0;
export const pendingReadRecords = () => waitingReadRecords;

/**
 * Beyond this many read records not yet committed, a read waits for its own: memory stays
 * bounded, and a database that falls behind slows the reads down instead of letting records pile up.
 */
const MAX_UNCOMMITTED = 5_000;

/** What a read that waits for its own record is told once the row holding it is written or has failed. */
type Done = (failure?: { error: unknown }) => void;

/**
 * One row of the next statement and the reads it stands for. Identical reads (the same actor,
 * address, action, subject and details, apart from the time) join one row as they arrive, which
 * then says how many there were and when the last was, in `details.repeated` ({ times, lastAt });
 * `at` stays the first's. Only reads waiting for the same statement meet (milliseconds apart): a
 * client repeating one read in a loop is recorded completely, in a row per statement instead of
 * a row per request. Merged on arrival, a repeated read keeps nothing alive until the statement:
 * its row is dropped at once, and only its count is kept.
 */
interface PendingRow {
  row: AuditRow;
  times: number;
  lastAt: Date;
  /** The reads that wait for this row (while the writer fails); the others are only counted. */
  waiters: Done[];
  /** Where a failure of this row is reported for the reads that do not wait. */
  log: FastifyBaseLogger;
}

/** The row a pending row is written as: with `repeated` when it stands for several reads. */
const rowToWrite = ({ row, times, lastAt }: PendingRow): AuditRow =>
  times === 1
    ? row
    : { ...row, details: { ...row.details, repeated: { times, lastAt: lastAt.toISOString() } } };

/** The rows waiting for the next statement, with identical reads merged as they arrive. */
function pendingRows() {
  const rows: PendingRow[] = [];
  // Rows by who, where from and what (cheap to key); the fields and details are compared within a key.
  const bySubject = new Map<string, PendingRow[]>();
  let last: PendingRow | undefined;
  const same = (pending: PendingRow, row: AuditRow) =>
    sameSubject(pending.row, row) && sameJson(pending.row.details, row.details);
  return {
    rows,
    add(row: AuditRow, log: FastifyBaseLogger, done?: Done) {
      // Under load the same read comes many times in a row: the row before is tried first.
      let pending = last && same(last, row) ? last : undefined;
      if (!pending) {
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
        let alike = bySubject.get(subject);
        if (!alike) {
          alike = [];
          bySubject.set(subject, alike);
        }
        // The key may join unlike values alike (null and ''): the fields themselves decide.
        pending = alike.find((p) => same(p, row));
        if (!pending) {
          pending = { row, times: 0, lastAt: row.at, waiters: [], log };
          alike.push(pending);
          rows.push(pending);
        }
      }
      pending.times++;
      if (row.at > pending.lastAt) pending.lastAt = row.at;
      if (done) pending.waiters.push(done);
      last = pending;
    },
  };
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
 * Group commit of read records, per database: a statement takes every row waiting for it; while
 * one is in flight, the reads that arrive meanwhile join the next one (one round trip and one
 * commit for many requests under load). While the instance is busy (the last statement carried
 * BUSY_READS reads or more), statements start at least GATHER_MS apart: a record that comes
 * sooner after the last statement's start waits for the rest of that time, so the reads of those
 * milliseconds go together; each statement costs the app a round trip and the database a commit
 * and a link of the chain, whatever it carries, and under the bench's load one statement per
 * event-loop turn made about 100 a second where this makes about 30 (docs/performance.md, "A
 * fourth profile"). Otherwise a record goes at the next turn (requests already received join it:
 * on the embedded database a statement runs on this very thread, and without that turn each
 * would carry a single record), so the record of a read among few is not held back into the
 * requests that follow it, where its statement would run beside them.
 * Whoever must see every record so far (the audit screens, a stopping app) cuts the gathering
 * short through `settled()`. If a shared statement fails, its rows are written one by one, so
 * only a bad row fails; while the last statement failed the writer is not `healthy`.
 */
function readRecordWriter(db: Executor) {
  let next = pendingRows();
  let writing = false;
  let failing = false;
  let whenIdle: Array<() => void> = [];
  /** Ends the current gathering at once (set while the writer gathers). */
  let stopGathering: (() => void) | undefined;
  /** Someone waits for every record so far: no more gathering (one event-loop turn only) until idle. */
  let hurried = false;
  /** When the last statement started (Date.now()), and whether it carried BUSY_READS reads or more. */
  let lastStatementAt = Number.NEGATIVE_INFINITY;
  let busy = false;
  const gather = () =>
    new Promise<void>((resolve) => {
      // Never longer than GATHER_MS, whatever the system clock did meanwhile.
      const wait = Math.min(GATHER_MS, lastStatementAt + GATHER_MS - Date.now());
      if (hurried || !busy || wait <= 0) {
        setImmediate(resolve);
        return;
      }
      const timer = setTimeout(() => {
        stopGathering = undefined;
        resolve();
      }, wait);
      stopGathering = () => {
        clearTimeout(timer);
        stopGathering = undefined;
        resolve();
      };
    });
  const settle = (pending: PendingRow, failure?: { error: unknown }) => {
    waitingReadRecords -= pending.times;
    for (const done of pending.waiters) done(failure);
    const unwaited = pending.times - pending.waiters.length;
    if (failure && unwaited > 0) {
      const { row } = pending;
      pending.log.error(
        { err: failure.error, action: row.action, patientId: row.patientId, reads: unwaited },
        'a read record was not written',
      );
    }
  };
  const writeAll = async (rows: readonly PendingRow[]) => {
    try {
      await insertRelaxed(db, rows.map(rowToWrite));
      failing = false;
      for (const pending of rows) settle(pending);
    } catch (error) {
      failing = true;
      const [only] = rows;
      if (rows.length === 1 && only) settle(only, { error });
      else {
        await Promise.all(
          rows.map((pending) =>
            insertRelaxed(db, [rowToWrite(pending)]).then(
              () => settle(pending),
              (rowError: unknown) => settle(pending, { error: rowError }),
            ),
          ),
        );
      }
    }
  };
  const flush = async () => {
    while (next.rows.length > 0) {
      await gather();
      lastStatementAt = Date.now();
      const { rows } = next;
      next = pendingRows();
      busy = rows.reduce((reads, pending) => reads + pending.times, 0) >= BUSY_READS;
      for (let from = 0; from < rows.length; from += MAX_BATCH) {
        await writeAll(rows.slice(from, from + MAX_BATCH));
      }
    }
    writing = false;
    hurried = false;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  };
  return {
    write: (row: AuditRow, log: FastifyBaseLogger, done?: Done) => {
      waitingReadRecords++;
      next.add(row, log, done);
      if (!writing) {
        writing = true;
        void flush();
      }
      // A read that waits for its own record (the database failing, or too many waiting) is not
      // kept waiting for the others.
      if (done) stopGathering?.();
    },
    /** False while the last statement failed: reads then wait for (and fail with) their own record. */
    healthy: () => !failing,
    /** Resolves once every record written so far has been committed (or has failed), written now. */
    settled: () => {
      if (!writing) return Promise.resolve();
      hurried = true;
      stopGathering?.();
      return new Promise<void>((resolve) => whenIdle.push(resolve));
    },
  };
}

/**
 * The shortest time between the starts of two statements of read records. A record waits at most
 * this long, plus the statement in flight, before it is written (docs/performance.md "Audit trail
 * durability").
 */
const GATHER_MS = 25;
/** Reads in one statement from which the instance counts as busy, and spaces its statements. */
const BUSY_READS = 4;
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
