import {
  addDays,
  parseTimeMinutes,
  REPORT_CASE_PREFIXES,
  REPORT_MESSAGES,
  type REPORT_SORTABLE,
  type Report,
  type ReportInput,
  type ReportKind,
  type reportsQuerySchema,
  type Share,
  shortTime,
  toLocalDateTime,
} from '@carepoint/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { reportSearchText, reports, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, signedIn } from '../../lib/errors';
import { listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { findPatient, fullNameOf } from '../../lib/people';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';
import { loadReport, ownReport, patient, patientName, reportRows, withAttachments } from './rows';

/**
 * The doctor area's birth, death, investigation and operation reports and their attachments.
 * Any doctor reads any report (audited with the subject patient); only the author changes or
 * deletes a report and its attachments. Case IDs come from one yearly sequence per kind.
 */

type ReportsQuery = z.output<typeof reportsQuerySchema>;

const SORT: SortColumns<(typeof REPORT_SORTABLE)[number]> = {
  date: [reports.occurredOn, reports.occurredTime],
  caseId: reports.caseId,
};

/** A tab of the Reports screen: one kind, searched by patient name, case ID, title or child's name. Audited. */
export async function listReports(ctx: ServiceContext, query: ReportsQuery) {
  const where = and(eq(reports.kind, query.kind), search(query.q, [patientName, reportSearchText]));
  const result = await listPage(ctx, query, {
    rows: (select) => reportRows(select).where(where),
    order: orderBy(
      query,
      SORT,
      [desc(reports.occurredOn), sql`${reports.occurredTime} desc nulls last`],
      reports.id,
    ),
    count: matchingRows(ctx.db)
      .from(reports)
      .innerJoin(patient, eq(patient.id, reports.patientId))
      .where(where),
    mapPage: (rows) => withAttachments(ctx, rows),
  });
  await audit(ctx, {
    action: 'reports.list',
    entityType: 'report',
    details: {
      query,
      reportIds: result.data.map((r) => r.id),
      patientIds: [...new Set(result.data.map((r) => r.patient.id))],
    },
  });
  return result;
}

/** One report with every field and its attachments. Audited with its patient. */
export async function readReport(ctx: ServiceContext, id: string): Promise<Report> {
  const report = await loadReport(ctx, id);
  await audit(ctx, {
    action: 'report.read',
    entityType: 'report',
    entityId: id,
    patientId: report.patient.id,
  });
  return report;
}

/** Doctors for the certifying doctor and surgeon fields, by name. */
export async function doctorOptions(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: users.id,
      fullName: fullNameOf(),
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.role, 'doctor'), eq(users.status, 'Active')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(200);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** The yearly sequence of a kind's case IDs. */
const caseIdScope = (kind: ReportKind) => `report-${kind}`;

/** The columns of a report's input; the other kinds' columns become null. */
function columnsOf(input: ReportInput, authorId: string) {
  const none = {
    occurredTime: null,
    childName: null,
    sex: null,
    weightKg: null,
    delivery: null,
    cause: null,
    title: null,
    status: null,
    outcome: null,
  };
  const common = { patientId: input.patientId, occurredOn: input.date, notes: input.notes };
  switch (input.kind) {
    case 'birth':
      return {
        ...none,
        ...common,
        doctorId: authorId,
        occurredTime: input.time,
        childName: input.childName,
        sex: input.sex,
        weightKg: input.weightKg,
        delivery: input.delivery,
      };
    case 'death':
      return { ...none, ...common, doctorId: input.doctorId, occurredTime: input.time, cause: input.cause };
    case 'investigation':
      return { ...none, ...common, doctorId: authorId, title: input.title, status: input.status };
    case 'operation':
      return { ...none, ...common, doctorId: input.doctorId, title: input.title, outcome: input.outcome };
  }
}

/** The people and date a report names must exist and make sense (400 on the field otherwise). */
async function checkInput(ctx: ServiceContext, db: Executor, input: ReportInput) {
  if (!(await findPatient(db, input.patientId)))
    throw badRequest(REPORT_MESSAGES.patientNotFound, 'patientId');
  if (input.kind === 'death' || input.kind === 'operation') {
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.doctorId), eq(users.role, 'doctor')))
      .limit(1);
    if (!found) throw badRequest(REPORT_MESSAGES.doctorNotFound, 'doctorId');
  }
  // Any report's date is at most tomorrow (an operation booked for the morning), facility time.
  if (input.date > addDays(toLocalDateTime(ctx.now(), ctx.config.TIME_ZONE).date, 1)) {
    throw badRequest(REPORT_MESSAGES.dateTooLate, 'date');
  }
  // A birth or death is recorded after it happened: not later than now, facility time.
  if (input.kind === 'birth' || input.kind === 'death') {
    const now = toLocalDateTime(ctx.now(), ctx.config.TIME_ZONE);
    const minutes = parseTimeMinutes(input.time) ?? 0;
    if (input.date > now.date || (input.date === now.date && minutes > now.minutes)) {
      throw new AppError(400, 'VALIDATION', REPORT_MESSAGES.dateFuture, {
        date: [REPORT_MESSAGES.dateFuture],
        time: [REPORT_MESSAGES.dateFuture],
      });
    }
  }
}

/** POST: stores a new report with the next case ID of its kind, in one transaction with its audit row. */
export async function createReport(ctx: ServiceContext, input: ReportInput): Promise<Report> {
  const authorId = signedIn(ctx.actor).id;
  const id = await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    await checkInput(ctx, tx, input);
    const caseId = formatYearlyNumber(
      REPORT_CASE_PREFIXES[input.kind],
      await nextYearlyNumber(inTx, caseIdScope(input.kind)),
    );
    const [row] = await tx
      .insert(reports)
      .values({ kind: input.kind, caseId, authorId, ...columnsOf(input, authorId) })
      .returning({ id: reports.id });
    if (!row) throw new Error('insert returned no row');
    await audit(inTx, {
      action: 'report.create',
      entityType: 'report',
      entityId: row.id,
      patientId: input.patientId,
      details: { kind: input.kind, caseId },
    });
    return row.id;
  });
  return loadReport(ctx, id);
}

/** PUT: the author changes the report's fields (its kind and case ID stay). */
export async function updateReport(ctx: ServiceContext, id: string, input: ReportInput): Promise<Report> {
  const authorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const before = await ownReport(tx, ctx, id);
    if (before.kind !== input.kind) throw badRequest(REPORT_MESSAGES.kindChanged, 'kind');
    await checkInput(ctx, tx, input);
    const changes = columnsOf(input, authorId);
    await tx
      .update(reports)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(reports.id, id));
    const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
      (k) =>
        String(before[k] ?? '') !== String(changes[k] ?? '') &&
        !(k === 'occurredTime' && sameTime(before[k], changes[k])),
    );
    await audit(inTransaction(ctx, tx), {
      action: 'report.update',
      entityType: 'report',
      entityId: id,
      patientId: changes.patientId,
      details: { kind: before.kind, caseId: before.caseId, changed, previousPatientId: before.patientId },
    });
  });
  return loadReport(ctx, id);
}

const sameTime = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && shortTime(a) === shortTime(b);

/** DELETE: the author removes the report and its attachments. */
export async function deleteReport(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const report = await ownReport(tx, ctx, id);
    await tx.delete(reports).where(eq(reports.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'report.delete',
      entityType: 'report',
      entityId: id,
      patientId: report.patientId,
      details: { kind: report.kind, caseId: report.caseId },
    });
  });
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------------------------

/** PUT share: the author shows the report to its patient (My Results) or stops. Audited in its transaction. */
export async function shareReport(ctx: ServiceContext, id: string, { shared }: Share): Promise<Share> {
  await ctx.db.transaction(async (tx) => {
    const report = await ownReport(tx, ctx, id);
    // Sharing changes who sees the report, not the report: its updatedAt stays.
    await tx
      .update(reports)
      .set({ sharedWithPatient: shared, updatedAt: report.updatedAt })
      .where(eq(reports.id, id));
    await audit(inTransaction(ctx, tx), {
      action: shared ? 'report.share' : 'report.unshare',
      entityType: 'report',
      entityId: id,
      patientId: report.patientId,
    });
  });
  return { shared };
}
