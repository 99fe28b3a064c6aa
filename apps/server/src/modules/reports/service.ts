import {
  addDays,
  fromLocalDateTime,
  type MedicalReport,
  type PatientResult,
  parseTimeMinutes,
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_ATTACHMENT_TYPES,
  REPORT_ATTACHMENTS_MAX,
  REPORT_CASE_PREFIXES,
  REPORT_KIND_LABELS,
  REPORT_MESSAGES,
  type REPORT_SORTABLE,
  type Report,
  type ReportAttachment,
  type ReportAttachmentType,
  type ReportInput,
  type ReportKind,
  type ReportPerson,
  type ResultLine,
  type reportsQuerySchema,
  type Share,
  shortTime,
  toLocalDateTime,
} from '@carepoint/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { reportAttachments, reportSearchText, reports, userImages, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, notFound, notFoundWith, signedIn } from '../../lib/errors';
import type { RawUpload } from '../../lib/file-types';
import {
  iso,
  listPage,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  search,
  selectOf,
} from '../../lib/list';
import { findPatient, fullNameOf, profileImageUrl } from '../../lib/people';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';

/**
 * The doctor area's birth, death, investigation and operation reports and their attachments.
 * Any doctor reads any report (audited with the subject patient); only the author changes or
 * deletes a report and its attachments. Case IDs come from one yearly sequence per kind.
 */

type ReportsQuery = z.output<typeof reportsQuerySchema>;

const RECORD = 'Report';
const ATTACHMENT = 'Attachment';

const attachmentTooLarge = () =>
  new AppError(413, 'ATTACHMENT_TOO_LARGE', REPORT_MESSAGES.attachmentTooLarge, {
    file: [REPORT_MESSAGES.attachmentTooLarge],
  });
const attachmentTypeRefused = () =>
  new AppError(415, 'UNSUPPORTED_ATTACHMENT', REPORT_MESSAGES.attachmentType, {
    file: [REPORT_MESSAGES.attachmentType],
  });

/** What an attachment upload accepts: declared as its type or as unknown bytes; the bytes decide. */
export const ATTACHMENT_UPLOAD: RawUpload<ReportAttachmentType> = {
  declaredTypes: [...REPORT_ATTACHMENT_TYPES, 'application/octet-stream'],
  allowed: REPORT_ATTACHMENT_TYPES,
  maxBytes: REPORT_ATTACHMENT_MAX_BYTES,
  tooLarge: attachmentTooLarge,
  refused: attachmentTypeRefused,
};

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const author = alias(users, 'author');
const patientImage = alias(userImages, 'patient_image');
const doctorImage = alias(userImages, 'doctor_image');

const patientName = fullNameOf(patient);

/** Reports with their patient, doctor and author: the base query of the list and of single reads (lib/list.ts Select). */
function reportRows(select: Select) {
  return select({
    report: reports,
    patient: {
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      email: patient.email,
      imageVersion: patientImage.updatedAt,
    },
    doctor: {
      id: doctor.id,
      firstName: doctor.firstName,
      lastName: doctor.lastName,
      email: doctor.email,
      imageVersion: doctorImage.updatedAt,
    },
    author: { id: author.id, firstName: author.firstName, lastName: author.lastName, email: author.email },
  })
    .from(reports)
    .innerJoin(patient, eq(patient.id, reports.patientId))
    .innerJoin(doctor, eq(doctor.id, reports.doctorId))
    .innerJoin(author, eq(author.id, reports.authorId))
    .leftJoin(patientImage, eq(patientImage.userId, reports.patientId))
    .leftJoin(doctorImage, eq(doctorImage.userId, reports.doctorId));
}
type ReportRow = RowOf<typeof reportRows>;

type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  imageVersion?: Date | null;
};
const toPerson = (p: PersonRow): ReportPerson => ({
  id: p.id,
  name: `${p.firstName} ${p.lastName}`,
  email: p.email,
  imageUrl: profileImageUrl(p.id, p.imageVersion ?? null),
});

const attachmentUrl = (id: string) => `/api/doctor/reports/attachments/${id}`;

type AttachmentMeta = { id: string; reportId: string; name: string; contentType: string; size: number };
const toAttachment = (a: AttachmentMeta): ReportAttachment => ({
  id: a.id,
  name: a.name,
  url: attachmentUrl(a.id),
  viewUrl: `${attachmentUrl(a.id)}/view`,
  contentType: a.contentType,
  size: a.size,
});

/** The attachments of these reports (without their bytes), oldest first, by report. */
async function attachmentsOf(db: Executor, reportIds: string[]) {
  const byReport = new Map<string, ReportAttachment[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({
      id: reportAttachments.id,
      reportId: reportAttachments.reportId,
      name: reportAttachments.name,
      contentType: reportAttachments.contentType,
      size: reportAttachments.size,
    })
    .from(reportAttachments)
    .where(inArray(reportAttachments.reportId, reportIds))
    .orderBy(asc(reportAttachments.createdAt), asc(reportAttachments.id));
  for (const row of rows) {
    const list = byReport.get(row.reportId) ?? [];
    list.push(toAttachment(row));
    byReport.set(row.reportId, list);
  }
  return byReport;
}

const toReport = (row: ReportRow, attachments: ReportAttachment[], actorId: string): Report => {
  const r = row.report;
  return {
    id: r.id,
    kind: r.kind,
    caseId: r.caseId,
    date: r.occurredOn,
    time: r.occurredTime ? shortTime(r.occurredTime) : null,
    patient: toPerson(row.patient),
    doctor: toPerson(row.doctor),
    author: toPerson(row.author),
    childName: r.childName,
    sex: r.sex,
    weightKg: r.weightKg,
    delivery: r.delivery,
    cause: r.cause,
    title: r.title,
    status: r.status,
    outcome: r.outcome,
    notes: r.notes,
    attachments,
    canEdit: r.authorId === actorId,
    sharedWithPatient: r.sharedWithPatient,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
};

async function withAttachments(ctx: ServiceContext, rows: ReportRow[]) {
  const actorId = signedIn(ctx.actor).id;
  const files = await attachmentsOf(
    ctx.db,
    rows.map((r) => r.report.id),
  );
  return rows.map((row) => toReport(row, files.get(row.report.id) ?? [], actorId));
}

async function loadReport(ctx: ServiceContext, id: string): Promise<Report> {
  const rows = await reportRows(selectOf(ctx.db)).where(eq(reports.id, id)).limit(1);
  const [report] = await withAttachments(ctx, rows);
  if (!report) throw notFound(RECORD);
  return report;
}

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

/**
 * The report, locked for the change, when the caller wrote it: 404 when there is none, and 404
 * for another doctor's too, as for prescriptions and diagnosis tests (a change the caller may not
 * make is answered as for a record they cannot reach), with the reason in the message.
 */
async function ownReport(tx: Executor, ctx: ServiceContext, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw notFound(RECORD);
  if (row.authorId !== signedIn(ctx.actor).id) throw notFoundWith(REPORT_MESSAGES.notAuthor);
  return row;
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

/**
 * Stores a file on the author's report. The route has capped the size and sniffed the type from
 * the bytes; the report's row lock keeps the per-report limit under parallel uploads.
 */
export async function addAttachment(
  ctx: ServiceContext,
  reportId: string,
  file: { name: string; contentType: ReportAttachmentType; data: Buffer },
): Promise<ReportAttachment> {
  const uploadedBy = signedIn(ctx.actor).id;
  return ctx.db.transaction(async (tx) => {
    const report = await ownReport(tx, ctx, reportId);
    const [held] = await tx
      .select({ n: count() })
      .from(reportAttachments)
      .where(eq(reportAttachments.reportId, reportId));
    if ((held?.n ?? 0) >= REPORT_ATTACHMENTS_MAX) {
      throw new AppError(409, 'TOO_MANY_ATTACHMENTS', REPORT_MESSAGES.tooManyAttachments);
    }
    const [row] = await tx
      .insert(reportAttachments)
      .values({
        reportId,
        name: file.name,
        contentType: file.contentType,
        size: file.data.length,
        data: file.data,
        uploadedBy,
        createdAt: ctx.now(),
      })
      .returning({
        id: reportAttachments.id,
        reportId: reportAttachments.reportId,
        name: reportAttachments.name,
        contentType: reportAttachments.contentType,
        size: reportAttachments.size,
      });
    if (!row) throw new Error('insert returned no row');
    await audit(inTransaction(ctx, tx), {
      action: 'report.attachment.upload',
      entityType: 'report',
      entityId: reportId,
      patientId: report.patientId,
      details: { attachmentId: row.id, name: row.name, contentType: row.contentType, size: row.size },
    });
    return toAttachment(row);
  });
}

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

/**
 * An attachment's bytes, for download or viewing. Audited with the report's patient. `sharedWith`
 * (a patient's id) narrows it to that patient's shared reports: anything else is 404.
 */
export async function readAttachment(
  ctx: ServiceContext,
  id: string,
  disposition: 'attachment' | 'inline',
  sharedWith?: string,
) {
  const [file] = await ctx.db
    .select({
      name: reportAttachments.name,
      contentType: reportAttachments.contentType,
      data: reportAttachments.data,
      reportId: reportAttachments.reportId,
      patientId: reports.patientId,
    })
    .from(reportAttachments)
    .innerJoin(reports, eq(reports.id, reportAttachments.reportId))
    .where(
      and(
        eq(reportAttachments.id, id),
        sharedWith === undefined
          ? undefined
          : and(eq(reports.patientId, sharedWith), eq(reports.sharedWithPatient, true)),
      ),
    )
    .limit(1);
  if (!file) throw notFound(ATTACHMENT);
  await audit(ctx, {
    action: disposition === 'inline' ? 'report.attachment.view' : 'report.attachment.download',
    entityType: 'report',
    entityId: file.reportId,
    patientId: file.patientId,
    details: { attachmentId: id, name: file.name },
  });
  return { name: file.name, contentType: file.contentType, data: file.data };
}

/** DELETE: the report's author removes one of its files. */
export async function removeAttachment(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .select({ reportId: reportAttachments.reportId, name: reportAttachments.name })
      .from(reportAttachments)
      .where(eq(reportAttachments.id, id))
      .limit(1);
    if (!file) throw notFound(ATTACHMENT);
    const report = await ownReport(tx, ctx, file.reportId);
    await tx.delete(reportAttachments).where(eq(reportAttachments.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'report.attachment.remove',
      entityType: 'report',
      entityId: file.reportId,
      patientId: report.patientId,
      details: { attachmentId: id, name: file.name },
    });
  });
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------
// The patient chart's Medical reports
// ---------------------------------------------------------------------------------------------

/** The patient's reports; with `sharedOnly`, those their author shares with them (My Results). */
const reportsAbout = (patientId: string, sharedOnly: boolean) =>
  and(eq(reports.patientId, patientId), sharedOnly ? eq(reports.sharedWithPatient, true) : undefined);

/**
 * The patient's reports for a union with other records (the chart's visits, My Results' tests):
 * id, kind and the moment it happened (facility date and time; noon when a kind has no time),
 * as `sort_at`; started with the union's `select` (lib/list.ts Select).
 */
export const patientReportRefs = (
  ctx: ServiceContext,
  patientId: string,
  select: Select,
  sharedOnly = false,
) =>
  select({
    id: reports.id,
    kind: sql<string>`${reports.kind}::text`.as('kind'),
    sortAt:
      sql<Date>`((${reports.occurredOn} + coalesce(${reports.occurredTime}, time '12:00')) at time zone ${ctx.config.TIME_ZONE})`.as(
        'sort_at',
      ),
  })
    .from(reports)
    .where(reportsAbout(patientId, sharedOnly));

/** The count side of that union. */
export const patientReportMatches = (ctx: ServiceContext, patientId: string, sharedOnly = false) =>
  matchingRows(ctx.db).from(reports).where(reportsAbout(patientId, sharedOnly));

const titleOf = (r: ReportRow['report']) => {
  switch (r.kind) {
    case 'birth':
      return `Birth of ${r.childName ?? ''}`.trim();
    case 'death':
      return `Death: ${r.cause ?? ''}`.trim();
    default:
      return r.title ?? '';
  }
};

/** When a report happened, as an instant: its facility date and time (noon when its kind has none). */
const reportMoment = (r: ReportRow['report'], zone: string) =>
  fromLocalDateTime(r.occurredOn, parseTimeMinutes(r.occurredTime ?? '12:00') ?? 720, zone);

/** These reports as rows of the chart's Medical reports, by id. */
export async function medicalReportsByIds(ctx: ServiceContext, ids: string[]) {
  const byId = new Map<string, MedicalReport>();
  if (ids.length === 0) return byId;
  const rows = await reportRows(selectOf(ctx.db)).where(inArray(reports.id, ids));
  const files = await attachmentsOf(ctx.db, ids);
  const zone = ctx.config.TIME_ZONE;
  for (const { report: r, author: a } of rows) {
    byId.set(r.id, {
      id: r.id,
      kind: r.kind satisfies ReportKind,
      date: iso(reportMoment(r, zone)),
      title: titleOf(r),
      surgery: `${REPORT_KIND_LABELS[r.kind]} report ${r.caseId}`,
      generatedBy: `Dr ${a.firstName} ${a.lastName}`,
      status: r.status ?? r.outcome ?? 'Recorded',
      attachements: files.get(r.id) ?? [],
    });
  }
  return byId;
}

/** A report's fields as a patient reads them, by kind; empty ones left out. */
function reportLines(r: ReportRow['report'], surgeon: string): ResultLine[] {
  const lines: Array<[string, string | number | null]> =
    r.kind === 'birth'
      ? [
          ["Child's name", r.childName],
          ['Time', r.occurredTime ? shortTime(r.occurredTime) : null],
          ['Sex', r.sex],
          ['Weight', r.weightKg === null ? null : `${r.weightKg} kg`],
          ['Delivery', r.delivery],
        ]
      : r.kind === 'death'
        ? [
            ['Cause', r.cause],
            ['Time', r.occurredTime ? shortTime(r.occurredTime) : null],
          ]
        : r.kind === 'investigation'
          ? [['Status', r.status]]
          : [
              ['Surgeon', surgeon],
              ['Outcome', r.outcome],
              ['Notes', r.notes],
            ];
  return lines.flatMap(([label, value]) =>
    value === null || value === '' ? [] : [{ label, value: String(value) }],
  );
}

/**
 * These reports as My Results shows them, by id: only the patient's own shared ones (whatever ids
 * are asked), each file with the patient's own download address.
 */
export async function patientResultsByIds(ctx: ServiceContext, patientId: string, ids: string[]) {
  const byId = new Map<string, PatientResult>();
  if (ids.length === 0) return byId;
  const rows = await reportRows(selectOf(ctx.db)).where(
    and(inArray(reports.id, ids), reportsAbout(patientId, true)),
  );
  const files = await attachmentsOf(ctx.db, ids);
  const zone = ctx.config.TIME_ZONE;
  for (const { report: r, author: a, doctor: d } of rows) {
    byId.set(r.id, {
      id: r.id,
      kind: r.kind,
      date: iso(reportMoment(r, zone)),
      title: titleOf(r),
      reference: r.caseId,
      category: `${REPORT_KIND_LABELS[r.kind]} report`,
      doctor: `Dr ${a.firstName} ${a.lastName}`,
      lines: reportLines(r, `Dr ${d.firstName} ${d.lastName}`),
      files: (files.get(r.id) ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        contentType: f.contentType,
        size: f.size,
        url: `/api/patient/results/attachments/${f.id}`,
      })),
    });
  }
  return byId;
}
