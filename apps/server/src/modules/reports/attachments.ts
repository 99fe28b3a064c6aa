import {
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_ATTACHMENT_TYPES,
  REPORT_ATTACHMENTS_MAX,
  REPORT_MESSAGES,
  type ReportAttachment,
  type ReportAttachmentType,
} from '@carepoint/contract';
import { and, count, eq } from 'drizzle-orm';
import { reportAttachments, reports } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, notFound, signedIn } from '../../lib/errors';
import type { RawUpload } from '../../lib/file-types';
import { ATTACHMENT, ownReport, toAttachment } from './rows';

/** A report's files: upload (PDF, PNG, JPEG, checked by their bytes), download or view, removal; only the author changes them. */

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
