import {
  fromLocalDateTime,
  type MedicalReport,
  type PatientResult,
  parseTimeMinutes,
  REPORT_KIND_LABELS,
  type ReportKind,
  type ResultLine,
  shortTime,
} from '@carepoint/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { iso, matchingRows, type Select, selectOf } from '../../lib/list';
import { attachmentsOf, type ReportRow, reportRows } from './rows';

/** Reports in a patient's record, for the chart's Medical reports and the patient's My Results (modules/charts, modules/results). */

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
