import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { audit } from '../../../lib/audit';
import { systemContext } from '../../../lib/context';
import { createPoller } from '../../../lib/poller';
import type { FhirContext } from '../resource-type';
import { FHIR_RESOURCE_TYPES } from '../resources';
import { allResources, ndjson, resourcesOfPatients, splitTypes } from './contents';
import { patientOfDoctor } from './group';
import {
  claimExport,
  EXPORT_KEEP_MS,
  type ExportJob,
  exportCounts,
  LEASE_MS,
  MAX_ATTEMPTS,
  tidyExports,
  updateClaimed,
  writeBatch,
} from './jobs';

/*
 * The export worker: every instance runs one. A pass claims one job and writes batches of it
 * (a batch = the next BULK_EXPORT_BATCH patients in id order, every asked type of theirs) for
 * up to PASS_MS, then hands the job back, so several jobs and instances share the work and the
 * requests of this instance run between batches. The heavy part, reading the resources, runs
 * outside any transaction; only a batch's write is one (its files and the job's progress).
 */

/**
 * Lets the requests that arrived meanwhile run before the export reads on. On the embedded
 * database a query runs on this very thread and its answer comes back as a microtask, so a
 * batch's searches (one per type) and their NDJSON ran as one unbroken task, 40–80 ms a batch,
 * that no request could enter: the page reads of four users had a p99 of 75–110 ms during a
 * system export of 100,000 patients. With a turn of the event loop after each type, 27–38 ms
 * (docs/performance.md). On a PostgreSQL server each query already waits for the network.
 */
const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long a pass works on a job before handing it back. */
const PASS_MS = 5_000;
/** How often an idle worker looks for jobs. */
const POLL_MS = 5_000;

export interface BulkExportWorkerOptions {
  db: Executor;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
}

export interface BulkExportWorker {
  /**
   * One pass: claims a job, writes up to `maxBatches` batches of it (tests stop a job mid-way
   * with it), and hands it back unless it is done; answers the batches written.
   */
  runOnce(options?: { maxBatches?: number }): Promise<number>;
  start(): void;
  /** Stops after the batch being written; the job is handed back for any instance to continue. */
  close(): Promise<void>;
}

/** The patients an export holds. */
function patientsOf(db: Executor, job: ExportJob): SQL {
  return and(
    eq(users.role, 'patient'),
    job.level === 'group' && job.groupId ? patientOfDoctor(db, job.groupId) : undefined,
  ) as SQL;
}

export function createBulkExportWorker({ db, config, log, now }: BulkExportWorkerOptions): BulkExportWorker {
  const fhir: FhirContext = {
    ctx: systemContext({ db, config, log, now }),
    patientScope: undefined,
    timeZone: config.TIME_ZONE,
  };
  let stopping = false;

  const typesOf = (job: ExportJob) =>
    splitTypes(FHIR_RESOURCE_TYPES.filter((type) => job.types.includes(type.type)));

  /** The types outside patients' records, all at once (there are few: the doctors). */
  async function writeOthers(job: ExportJob, patientsTotal: number) {
    const files = [];
    for (const type of typesOf(job).others) {
      const resources = await allResources(fhir, type, job.since);
      files.push({ type: type.type, resources: resources.length, ndjson: ndjson(resources) });
      await letRequestsIn();
    }
    return writeBatch(db, job, files, {
      othersDone: true,
      patientsTotal,
      leaseUntil: new Date(now().getTime() + LEASE_MS),
      updatedAt: now(),
    });
  }

  async function writePatients(job: ExportJob, patientsTotal: number) {
    const batch = await db
      .select({ id: users.id })
      .from(users)
      .where(and(patientsOf(db, job), job.afterPatient ? gt(users.id, job.afterPatient) : undefined))
      .orderBy(asc(users.id))
      .limit(config.BULK_EXPORT_BATCH);
    const last = batch.at(-1);
    if (!last) return finish(job, patientsTotal);
    const ids = batch.map((row) => row.id);
    const files = [];
    for (const type of typesOf(job).perPatient) {
      const resources = await resourcesOfPatients(fhir, type, ids, job.since);
      files.push({ type: type.type, resources: resources.length, ndjson: ndjson(resources) });
      await letRequestsIn();
    }
    return writeBatch(db, job, files, {
      afterPatient: last.id,
      patientsDone: job.patientsDone + ids.length,
      patientsTotal,
      leaseUntil: new Date(now().getTime() + LEASE_MS),
      updatedAt: now(),
    });
  }

  async function finish(job: ExportJob, patientsTotal: number) {
    const at = now();
    const done = await updateClaimed(db, job, {
      status: 'complete',
      patientsTotal,
      claim: null,
      leaseUntil: null,
      completedAt: at,
      expiresAt: new Date(at.getTime() + EXPORT_KEEP_MS),
      updatedAt: at,
    });
    if (done) {
      await audit(fhir.ctx, {
        action: 'fhir.export.complete',
        entityType: 'BulkExport',
        entityId: job.id,
        actor: { id: job.requesterId },
        details: {
          patients: job.patientsDone,
          output: await exportCounts(db, job),
          ...(job.requesterAppId === null ? {} : { app: job.requesterAppId }),
        },
      });
    }
    return done;
  }

  /** The patients a job holds, counted once, when it first runs (for its progress). */
  async function patientsTotal(job: ExportJob) {
    if (job.patientsTotal !== null) return job.patientsTotal;
    const [row] = await db.select({ n: count() }).from(users).where(patientsOf(db, job));
    return row?.n ?? 0;
  }

  /** The next step of a job: the other types, a batch of patients, or its end. */
  async function step(job: ExportJob): Promise<ExportJob | undefined> {
    const total = await patientsTotal(job);
    if (!job.othersDone && typesOf(job).others.length > 0) return writeOthers(job, total);
    return writePatients(job, total);
  }

  async function runOnce({ maxBatches = Number.POSITIVE_INFINITY } = {}) {
    await tidyExports(db, now());
    let job = await claimExport(db, now());
    if (!job) return 0;
    let batches = 0;
    const until = performance.now() + PASS_MS;
    try {
      while (job.status === 'running' && !stopping && batches < maxBatches && performance.now() < until) {
        const next: ExportJob | undefined = await step(job);
        // Cancelled (deleted) or taken over by another instance: not ours any more.
        if (!next) return batches;
        job = next;
        batches += 1;
      }
      if (job.status === 'running') {
        await updateClaimed(db, job, { status: 'queued', claim: null, leaseUntil: null, updatedAt: now() });
      }
    } catch (error) {
      log.error({ err: error }, `bulk export ${job.id} failed`);
      const failedFinally = job.attempts + 1 >= MAX_ATTEMPTS;
      await updateClaimed(db, job, {
        status: failedFinally ? 'failed' : 'queued',
        attempts: job.attempts + 1,
        claim: null,
        leaseUntil: null,
        error: error instanceof Error ? error.message : String(error),
        updatedAt: now(),
      });
    }
    return batches;
  }

  const poller = createPoller({
    pass: async () => (await runOnce()) > 0,
    intervalMs: POLL_MS,
    log,
    name: 'bulk export worker',
  });
  return {
    runOnce,
    start: poller.start,
    async close() {
      stopping = true;
      await poller.close();
    },
  };
}
