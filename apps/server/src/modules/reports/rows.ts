import {
  REPORT_MESSAGES,
  type Report,
  type ReportAttachment,
  type ReportPerson,
  shortTime,
} from '@carepoint/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { reportAttachments, reports, userImages, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFound, notFoundWith, signedIn } from '../../lib/errors';
import { iso, type RowOf, type Select, selectOf } from '../../lib/list';
import { fullNameOf, profileImageUrl } from '../../lib/people';

/** A report as the API answers it: its row with patient, doctor and author, and its attachments' metadata. */
const RECORD = 'Report';
export const ATTACHMENT = 'Attachment';

export const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const author = alias(users, 'author');
const patientImage = alias(userImages, 'patient_image');
const doctorImage = alias(userImages, 'doctor_image');

export const patientName = fullNameOf(patient);

/** Reports with their patient, doctor and author: the base query of the list and of single reads (lib/list.ts Select). */
export function reportRows(select: Select) {
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
export type ReportRow = RowOf<typeof reportRows>;

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

export type AttachmentMeta = {
  id: string;
  reportId: string;
  name: string;
  contentType: string;
  size: number;
};
export const toAttachment = (a: AttachmentMeta): ReportAttachment => ({
  id: a.id,
  name: a.name,
  url: attachmentUrl(a.id),
  viewUrl: `${attachmentUrl(a.id)}/view`,
  contentType: a.contentType,
  size: a.size,
});

/** The attachments of these reports (without their bytes), oldest first, by report. */
export async function attachmentsOf(db: Executor, reportIds: string[]) {
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

export async function withAttachments(ctx: ServiceContext, rows: ReportRow[]) {
  const actorId = signedIn(ctx.actor).id;
  const files = await attachmentsOf(
    ctx.db,
    rows.map((r) => r.report.id),
  );
  return rows.map((row) => toReport(row, files.get(row.report.id) ?? [], actorId));
}

export async function loadReport(ctx: ServiceContext, id: string): Promise<Report> {
  const rows = await reportRows(selectOf(ctx.db)).where(eq(reports.id, id)).limit(1);
  const [report] = await withAttachments(ctx, rows);
  if (!report) throw notFound(RECORD);
  return report;
}

/**
 * The report, locked for the change, when the caller wrote it: 404 when there is none, and 404
 * for another doctor's too, as for prescriptions and diagnosis tests (a change the caller may not
 * make is answered as for a record they cannot reach), with the reason in the message.
 */
export async function ownReport(tx: Executor, ctx: ServiceContext, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw notFound(RECORD);
  if (row.authorId !== signedIn(ctx.actor).id) throw notFoundWith(REPORT_MESSAGES.notAuthor);
  return row;
}
