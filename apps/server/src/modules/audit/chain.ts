import { and, asc, count, eq, gt, gte, isNull, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditChain, auditEvents } from '../../db/schema';
import { audit, readRecordsWritten } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { scheduleDaily } from '../../lib/daily';

/*
 * The audit trail's hash chain and retention (migration 0023, docs/security.md "The audit trail").
 * The database assigns each row its seq, prev_hash and hash on insert and refuses every change;
 * this file checks the chain and removes rows past their retention, the one way rows leave.
 */

/** Rows read per query while walking the chain. */
const VERIFY_PAGE = 5000;

interface BrokenRow {
  id: number;
  at: string;
  seq: number | null;
  reason: string;
}

type ChainReport = { intact: true; rows: number } | { intact: false; rows: number; broken: BrokenRow };

/** The hash the database computes for a row as it stands now (the same function its insert used). */
const recomputed = sql<string>`carepoint_audit_hash(${auditEvents})`;

/**
 * Walks the chain from its anchor in seq order: each row must follow the one before it (seq one
 * more, prev_hash its hash), its hash must match its fields, and the newest must be the chain's
 * head. Answers the first row that does not match.
 */
export function verifyAuditChain(db: Executor): Promise<ChainReport> {
  // One snapshot: instances writing (or a purge) meanwhile do not move the head under the walk.
  return db.transaction((tx) => walkChain(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function walkChain(db: Executor): Promise<ChainReport> {
  const [head] = await db.select().from(auditChain);
  if (!head) throw new Error('audit_chain has no row: the database was not migrated');
  const broken = (
    row: { id: number; at: Date; seq: number | null },
    reason: string,
    rows: number,
  ): ChainReport => ({
    intact: false,
    rows,
    broken: { id: row.id, at: row.at.toISOString(), seq: row.seq, reason },
  });

  const [outside] = await db
    .select({ id: auditEvents.id, at: auditEvents.at, seq: auditEvents.seq })
    .from(auditEvents)
    .where(isNull(auditEvents.seq))
    .orderBy(asc(auditEvents.id))
    .limit(1);
  if (outside) return broken(outside, 'it has no place in the chain (written with the chain trigger off)', 0);

  let seq = head.anchorSeq;
  let prevHash = head.anchorHash;
  let rows = 0;
  for (;;) {
    const page = await db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        seq: auditEvents.seq,
        prevHash: auditEvents.prevHash,
        hash: auditEvents.hash,
        recomputed,
      })
      .from(auditEvents)
      .where(and(gt(auditEvents.seq, seq), lte(auditEvents.seq, head.seq)))
      .orderBy(asc(auditEvents.seq))
      .limit(VERIFY_PAGE);
    for (const row of page) {
      if (row.seq !== seq + 1) {
        const missing =
          row.seq === seq + 2
            ? `the row before it (seq ${seq + 1}) is`
            : `the rows before it (seq ${seq + 1} to ${(row.seq ?? 0) - 1}) are`;
        return broken(row, `${missing} missing from the chain`, rows);
      }
      if (row.prevHash !== prevHash)
        return broken(row, 'it does not follow the row before it (prev_hash)', rows);
      if (row.hash !== row.recomputed) return broken(row, 'its fields do not match its hash (changed)', rows);
      seq = row.seq;
      prevHash = row.recomputed;
      rows++;
    }
    if (page.length < VERIFY_PAGE) break;
  }
  if (seq !== head.seq || prevHash !== head.hash) {
    const [last] = await db
      .select({ id: auditEvents.id, at: auditEvents.at, seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.seq, seq));
    const reason = `the newest rows are missing: the chain's head is seq ${head.seq}, the last row found is seq ${seq}`;
    return last
      ? broken(last, reason, rows)
      : { intact: false, rows, broken: { id: 0, at: '', seq, reason } };
  }
  return { intact: true, rows };
}

/** How verify's answer reads on a terminal. */
export function describeChainReport(report: ChainReport) {
  if (report.intact) return `Audit chain intact (${report.rows} rows).`;
  const { id, at, seq, reason } = report.broken;
  return `Audit chain broken at row id ${id} (seq ${seq ?? 'none'}, at ${at}): ${reason}; rows verified before it: ${report.rows}.`;
}

/** The retention cut-off: rows written before it may be purged. */
function auditCutoff(now: Date, keepYears: number) {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - keepYears);
  return cutoff;
}

/**
 * Removes the audit rows older than AUDIT_KEEP_YEARS, the only way rows leave the trail. It takes
 * the chain's head (the lock every insert takes), removes the oldest rows up to the first one
 * still kept (in chain order, so the kept rows stay one unbroken chain), moves the chain's anchor
 * to the last removed row's hash, and records itself (who, when, the cut-off, how many) when it
 * removed any.
 * The database honours the delete only for rows older than the cut-off this transaction declares
 * (carepoint.audit_purge), and only for a cut-off at least six years back.
 */
export async function purgeAuditTrail(ctx: ServiceContext) {
  const cutoff = auditCutoff(ctx.now(), ctx.config.AUDIT_KEEP_YEARS);
  await readRecordsWritten(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [head] = await tx.select().from(auditChain).for('update');
    if (!head) throw new Error('audit_chain has no row: the database was not migrated');
    const [firstKept] = await tx
      .select({ seq: min(auditEvents.seq) })
      .from(auditEvents)
      .where(gte(auditEvents.at, cutoff));
    const through = firstKept?.seq != null ? firstKept.seq - 1 : head.seq;
    let removed = 0;
    if (through > head.anchorSeq) {
      const [last] = await tx
        .select({ hash: auditEvents.hash })
        .from(auditEvents)
        .where(eq(auditEvents.seq, through));
      const [counted] = await tx
        .select({ n: count() })
        .from(auditEvents)
        .where(and(gt(auditEvents.seq, head.anchorSeq), lte(auditEvents.seq, through)));
      removed = counted?.n ?? 0;
      await tx.execute(sql`select set_config('carepoint.audit_purge', ${cutoff.toISOString()}, true)`);
      await tx.delete(auditEvents).where(lte(auditEvents.seq, through));
      await tx.update(auditChain).set({ anchorSeq: through, anchorHash: last?.hash ?? head.anchorHash });
      await audit(inTransaction(ctx, tx), {
        action: 'audit.purge',
        entityType: 'audit',
        details: {
          cutoff: cutoff.toISOString(),
          keepYears: ctx.config.AUDIT_KEEP_YEARS,
          removed,
          throughSeq: through,
        },
      });
    }
    return { cutoff, removed };
  });
}

/** Purges daily while the server runs (every instance may: the chain's lock takes them in turn). */
export function scheduleAuditPurge(ctx: ServiceContext) {
  return scheduleDaily(() =>
    purgeAuditTrail(ctx).then(
      ({ removed, cutoff }) => {
        if (removed > 0)
          ctx.log.info(`Audit trail: removed ${removed} rows from before ${cutoff.toISOString()}`);
      },
      (error: unknown) => ctx.log.error({ err: error }, 'Audit trail purge failed'),
    ),
  );
}
