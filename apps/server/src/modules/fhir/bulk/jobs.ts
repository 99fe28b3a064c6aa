import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bulkExportFiles, bulkExports } from '../../../db/schema';
import { audit } from '../../../lib/audit';
import type { ServiceContext } from '../../../lib/context';
import { violatedUnique } from '../../../lib/db-errors';
import { FhirError } from '../outcome';
import { isUuid } from '../search-sql';
import type { ExportLevel, ExportRequester } from './access';

/*
 * The export jobs (decision 0022): a row per export in bulk_exports, its NDJSON in
 * bulk_export_files. Kick-off, status, cancel and download read and write them here; the worker
 * (worker.ts) claims and runs them.
 */

export type ExportJob = typeof bulkExports.$inferSelect;

/** How long a finished export's files stay (and how long a job may wait to run). */
export const EXPORT_KEEP_MS = 24 * 60 * 60_000;
/** How long a claim holds without a batch written; past it another instance takes the job over. */
export const LEASE_MS = 2 * 60_000;
/** Claims taken over from stopped instances, or failed passes, before the job is Failed. */
export const MAX_ATTEMPTS = 5;

export interface ExportRequest {
  requester: ExportRequester;
  level: ExportLevel;
  groupId?: string;
  types: string[];
  since: Date | null;
  requestUrl: string;
}

/** Exports one requester may keep at once (each for EXPORT_KEEP_MS): every one holds whole records. */
export const MAX_KEPT_EXPORTS = 5;

/** The requester's own exports, as findExport and the kept-exports count read them. */
const requestedBy = (requester: ExportRequester) =>
  requester.appId === null
    ? eq(bulkExports.requesterId, requester.userId)
    : eq(bulkExports.requesterAppId, requester.appId);

/** The partial unique indexes that hold one active export per user and per app. */
const ONE_ACTIVE = new Set(['bulk_exports_one_active_idx', 'bulk_exports_one_active_app_idx']);

/**
 * Queues an export and audits the kick-off (`callerDetails`: the app behind a SMART token); a
 * second one while the requester's first runs is refused (429), and so is one past the
 * MAX_KEPT_EXPORTS the requester keeps. The count holds under parallel kick-offs because only
 * one export of a requester can be active at a time (the unique indexes): a second insert waits
 * for the first's commit and is refused.
 */
export async function startExport(
  ctx: ServiceContext,
  request: ExportRequest,
  callerDetails: Record<string, unknown>,
): Promise<ExportJob> {
  const now = ctx.now();
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(bulkExports)
    .where(and(requestedBy(request.requester), gt(bulkExports.expiresAt, now)));
  if ((kept?.n ?? 0) >= MAX_KEPT_EXPORTS) {
    throw new FhirError(
      429,
      'throttled',
      `You already keep ${MAX_KEPT_EXPORTS} exports: delete one you no longer need, or wait until the oldest expires (24 hours after it started)`,
    );
  }
  let job: ExportJob | undefined;
  try {
    [job] = await ctx.db
      .insert(bulkExports)
      .values({
        requesterId: request.requester.userId,
        requesterAppId: request.requester.appId,
        level: request.level,
        groupId: request.groupId ?? null,
        types: request.types,
        since: request.since,
        requestUrl: request.requestUrl,
        expiresAt: new Date(now.getTime() + EXPORT_KEEP_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    const constraint = violatedUnique(error);
    if (constraint !== undefined && ONE_ACTIVE.has(constraint)) {
      throw new FhirError(
        429,
        'throttled',
        'An export of yours is still running: wait until it completes, or cancel it, before starting another',
      );
    }
    throw error;
  }
  if (!job) throw new Error('export not queued');
  await audit(ctx, {
    action: 'fhir.export',
    entityType: 'BulkExport',
    entityId: job.id,
    details: {
      level: request.level,
      groupId: request.groupId ?? null,
      types: request.types,
      since: request.since?.toISOString() ?? null,
      ...callerDetails,
    },
  });
  return job;
}

/** The requester's export, unexpired; anyone else's (or none) is undefined, answered 404. */
export async function findExport(ctx: ServiceContext, id: string, requester: ExportRequester) {
  if (!isUuid(id)) return undefined;
  const [job] = await ctx.db
    .select()
    .from(bulkExports)
    .where(and(eq(bulkExports.id, id), requestedBy(requester), gt(bulkExports.expiresAt, ctx.now())));
  return job;
}

/** Cancels an export (or deletes a finished one's files): the row goes, and its files with it. */
export async function deleteExport(
  ctx: ServiceContext,
  job: ExportJob,
  callerDetails: Record<string, unknown>,
) {
  await ctx.db.delete(bulkExports).where(eq(bulkExports.id, job.id));
  await audit(ctx, {
    action: 'fhir.export.cancel',
    entityType: 'BulkExport',
    entityId: job.id,
    details: { status: job.status, ...callerDetails },
  });
}

/** Lines written per resource type, in the export's type order (types with none are left out). */
export async function exportCounts(db: Executor, job: ExportJob) {
  const rows = await db
    .select({
      type: bulkExportFiles.resourceType,
      count: sql<number>`sum(${bulkExportFiles.resources})::int`,
    })
    .from(bulkExportFiles)
    .where(eq(bulkExportFiles.exportId, job.id))
    .groupBy(bulkExportFiles.resourceType);
  const byType = new Map(rows.map((row) => [row.type, row.count]));
  return job.types.flatMap((type) => {
    const count = byType.get(type) ?? 0;
    return count > 0 ? [{ type, count }] : [];
  });
}

/** A type's file, a chunk at a time in batch order: memory holds one chunk, whatever the export's size. */
export async function* exportFile(db: Executor, exportId: string, type: string) {
  let after = -1;
  for (;;) {
    const [chunk] = await db
      .select({ batch: bulkExportFiles.batch, ndjson: bulkExportFiles.ndjson })
      .from(bulkExportFiles)
      .where(
        and(
          eq(bulkExportFiles.exportId, exportId),
          eq(bulkExportFiles.resourceType, type),
          gt(bulkExportFiles.batch, after),
        ),
      )
      .orderBy(asc(bulkExportFiles.batch))
      .limit(1);
    if (!chunk) return;
    after = chunk.batch;
    yield chunk.ndjson;
  }
}

// ---------------------------------------------------------------------------------------------
// The worker's side: claims, progress, the outcome.
// ---------------------------------------------------------------------------------------------

const active = sql`${bulkExports.status} in ('queued', 'running')`;
const leaseLapsed = (now: Date) => and(eq(bulkExports.status, 'running'), lte(bulkExports.leaseUntil, now));

/** Removes expired exports (their files go with them) and fails jobs whose instances kept stopping. */
export async function tidyExports(db: Executor, now: Date) {
  await db.delete(bulkExports).where(lte(bulkExports.expiresAt, now));
  await db
    .update(bulkExports)
    .set({
      status: 'failed',
      claim: null,
      error: 'The instances running it stopped before it finished',
      updatedAt: now,
    })
    .where(and(leaseLapsed(now), sql`${bulkExports.attempts} >= ${MAX_ATTEMPTS}`));
}

/**
 * Claims the oldest job waiting, or one whose instance stopped (its lease lapsed: that counts as
 * an attempt). FOR UPDATE SKIP LOCKED: two instances never claim the same job.
 */
export async function claimExport(db: Executor, now: Date): Promise<ExportJob | undefined> {
  const waiting = db
    .select({ id: bulkExports.id })
    .from(bulkExports)
    .where(and(active, or(eq(bulkExports.status, 'queued'), leaseLapsed(now))))
    .orderBy(asc(bulkExports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(bulkExports)
    .set({
      attempts: sql`${bulkExports.attempts} + case when ${bulkExports.status} = 'running' then 1 else 0 end`,
      status: 'running',
      claim: randomUUID(),
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      updatedAt: now,
    })
    .where(inArray(bulkExports.id, waiting))
    .returning();
  return job;
}

/** Changes a claimed job, only while it is still this claim (not cancelled, not taken over). */
export async function updateClaimed(
  db: Executor,
  job: ExportJob,
  changes: Partial<typeof bulkExports.$inferInsert>,
): Promise<ExportJob | undefined> {
  if (!job.claim) return undefined;
  const [updated] = await db
    .update(bulkExports)
    .set(changes)
    .where(
      and(eq(bulkExports.id, job.id), eq(bulkExports.claim, job.claim), eq(bulkExports.status, 'running')),
    )
    .returning();
  return updated;
}

/** Writes a batch's NDJSON and the job's progress at once: both or neither (the claim may be gone). */
export async function writeBatch(
  db: Executor,
  job: ExportJob,
  files: ReadonlyArray<{ type: string; resources: number; ndjson: string }>,
  progress: Partial<typeof bulkExports.$inferInsert>,
): Promise<ExportJob | undefined> {
  return db.transaction(async (tx) => {
    const updated = await updateClaimed(tx, job, { ...progress, batches: job.batches + 1 });
    if (!updated) return undefined;
    const written = files.filter((file) => file.resources > 0);
    if (written.length > 0) {
      await tx
        .insert(bulkExportFiles)
        .values(
          written.map((file) => ({ exportId: job.id, resourceType: file.type, batch: job.batches, ...file })),
        );
    }
    return updated;
  });
}
