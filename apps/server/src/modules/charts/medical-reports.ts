import { type MedicalReport, type MedicalReportPage, triageSummary } from '@carepoint/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { appointments, triageAssessments, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { independentReads } from '../../lib/independent-reads';
import { iso, listPage, matchingRows } from '../../lib/list';
import * as reportsService from '../reports';
import { requirePatient } from './queries';

/**
 * The chart's Medical reports: the patient's visits, triage intakes and the doctor area's
 * reports about them, as one history, newest first.
 */

type ReportsQuery = { page: number; limit: number };

const APPOINTMENT_TYPE_LABELS = { checkup: 'Checkup', surgery: 'Surgery' } as const;
const doctor = alias(users, 'doctor');

/** Triage intakes as rows of the chart's history: the complaint, the score and where the patient was sent. */
async function intakesByIds(ctx: ServiceContext, ids: string[]) {
  const byId = new Map<string, MedicalReport>();
  if (ids.length === 0) return byId;
  const rows = await ctx.db
    .select({ intake: triageAssessments, doctorFirst: doctor.firstName, doctorLast: doctor.lastName })
    .from(triageAssessments)
    .leftJoin(doctor, eq(doctor.id, triageAssessments.recordedBy))
    .where(inArray(triageAssessments.id, ids));
  for (const { intake, doctorFirst, doctorLast } of rows) {
    byId.set(intake.id, {
      id: intake.id,
      kind: 'triage',
      date: iso(intake.recordedAt),
      title: intake.complaint || 'Triage intake',
      surgery: triageSummary(intake.score, intake.department),
      generatedBy: doctorFirst ? `Dr ${doctorFirst} ${doctorLast ?? ''}`.trim() : null,
      status: intake.priority,
      attachements: [],
    });
  }
  return byId;
}

/**
 * Medical reports: the patient's visits (appointments with any doctor), their triage intakes
 * and the doctor area's reports about them, newest first. The page is chosen over the union of
 * the three (ids and when), then its rows are loaded from each side.
 */
export async function reportsOf(ctx: ServiceContext, patientId: string, query: ReportsQuery) {
  const ofPatient = eq(appointments.patientId, patientId);
  const intakeOfPatient = eq(triageAssessments.patientId, patientId);
  return listPage(ctx, query, {
    rows: (select) =>
      unionAll(
        select({
          id: appointments.id,
          kind: sql<string>`'visit'`.as('kind'),
          sortAt: sql<Date>`${appointments.startsAt}`.as('sort_at'),
        })
          .from(appointments)
          .where(ofPatient),
        select({
          id: triageAssessments.id,
          kind: sql<string>`'triage'`.as('kind'),
          sortAt: sql<Date>`${triageAssessments.recordedAt}`.as('sort_at'),
        })
          .from(triageAssessments)
          .where(intakeOfPatient),
        reportsService.patientReportRefs(ctx, patientId, select),
      ),
    order: [sql`sort_at desc`, sql`id desc`],
    count: unionAll(
      matchingRows(ctx.db).from(appointments).where(ofPatient),
      matchingRows(ctx.db).from(triageAssessments).where(intakeOfPatient),
      reportsService.patientReportMatches(ctx, patientId),
    ),
    mapPage: async (refs) => {
      const idsOf = (kind: string) => refs.filter((r) => r.kind === kind).map((r) => r.id);
      const visitIds = idsOf('visit');
      const [visits, intakes, reports] = await independentReads(ctx.db, [
        async () =>
          visitIds.length === 0
            ? []
            : await ctx.db
                .select({
                  id: appointments.id,
                  startsAt: appointments.startsAt,
                  title: appointments.title,
                  type: appointments.type,
                  status: appointments.status,
                  doctorFirst: doctor.firstName,
                  doctorLast: doctor.lastName,
                })
                .from(appointments)
                .innerJoin(doctor, eq(doctor.id, appointments.doctorId))
                .where(inArray(appointments.id, visitIds)),
        () => intakesByIds(ctx, idsOf('triage')),
        () =>
          reportsService.medicalReportsByIds(
            ctx,
            refs.filter((r) => r.kind !== 'visit' && r.kind !== 'triage').map((r) => r.id),
          ),
      ]);
      const visitById = new Map(
        visits.map((row): [string, MedicalReport] => [
          row.id,
          {
            id: row.id,
            kind: 'visit',
            date: iso(row.startsAt),
            title: row.title,
            surgery: APPOINTMENT_TYPE_LABELS[row.type],
            generatedBy: `Dr ${row.doctorFirst} ${row.doctorLast}`,
            status: row.status,
            attachements: [],
          },
        ]),
      );
      return refs.flatMap((r) => {
        const item = visitById.get(r.id) ?? intakes.get(r.id) ?? reports.get(r.id);
        return item ? [item] : [];
      });
    },
  });
}

/** A further page of the chart's Medical reports. Audited like the chart. */
export async function listReports(
  ctx: ServiceContext,
  patientId: string,
  query: ReportsQuery,
): Promise<MedicalReportPage> {
  await requirePatient(ctx.db, patientId);
  const reports = await reportsOf(ctx, patientId, query);
  await audit(ctx, {
    action: 'chart.reports.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { page: query.page, reportIds: reports.data.map((r) => r.id) },
  });
  return reports;
}
