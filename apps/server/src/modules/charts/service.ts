import {
  formatBloodPressure,
  formatMinutes,
  type LatestVitals,
  MEDICAL_REPORTS_PAGE_SIZE,
  type MedicalReport,
  type MedicalReportPage,
  type PATIENT_CARD_SORTABLE,
  PATIENT_CSV_COLUMNS,
  type PatientCard,
  type PatientChart,
  type PatientFilter,
  type patientCardsQuerySchema,
  patientCsvFileName,
  toLocalDateTime,
  triageSummary,
  type UpdateMedicalDetails,
  VITALS_SERIES_MAX_POINTS,
  VITALS_SERIES_MONTHS,
  type VitalsSeries,
} from '@carepoint/contract';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  appointments,
  patientMedicalDetails,
  triageAssessments,
  userImages,
  users,
  vitalSigns,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { notFound, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import {
  idsOfPage,
  iso,
  isoOrNull,
  listPage,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  selectOf,
  type Tier,
  tieredPage,
} from '../../lib/list';
import { patientSearchTiers } from '../../lib/patient-search';
import { ageOn, findPatient, fullNameOf, profileImageUrl, recordNumberOf } from '../../lib/people';
import * as reportsService from '../reports';
import {
  type FilterContext,
  imageOfUser,
  lastVisitOf,
  latestOfUser,
  latestPressure,
  latestValue,
  medicalDetailsOfUser,
  patientConditions,
} from './queries';

/**
 * The doctor's Patient List, its CSV export and the patient chart (the drawer). Any doctor may
 * read any patient's chart (All patients exists for that); every read and change is audited
 * with the patient's id.
 */

type CardsQuery = z.output<typeof patientCardsQuerySchema>;
type ReportsQuery = { page: number; limit: number };

const PATIENT_RECORD = 'Patient';

const filterContext = (ctx: ServiceContext): FilterContext => {
  const now = ctx.now();
  return {
    db: ctx.db,
    doctorId: signedIn(ctx.actor).id,
    today: facilityDate(now, ctx.config.TIME_ZONE),
    now,
  };
};

const SORT: SortColumns<(typeof PATIENT_CARD_SORTABLE)[number]> = {
  fullName: [users.lastName, users.firstName],
  // Older means an earlier birth date; unknown ages go last either way.
  age: (order) => [
    order === 'asc' ? sql`${users.dateOfBirth} desc nulls last` : sql`${users.dateOfBirth} asc nulls last`,
  ],
};

/**
 * The columns a card (and a CSV row) is made of: the patient, their blood group, latest vitals
 * and visit; the base query of the list and of the export (lib/list.ts Select).
 */
function patientRows(ctx: ServiceContext, where: SQL | undefined, select: Select) {
  const latest = latestOfUser(ctx.db);
  return select({
    id: users.id,
    recordNumber: recordNumberOf(),
    firstName: users.firstName,
    lastName: users.lastName,
    fullName: fullNameOf(),
    email: users.email,
    phone: users.phone,
    dateOfBirth: users.dateOfBirth,
    address: users.address,
    bloodGroup: patientMedicalDetails.bloodGroup,
    imageVersion: userImages.updatedAt,
    weight: latest.weight.weight,
    weightAt: latest.weight.recordedAt,
    glucose: latest.glucose.bloodGlucose,
    glucoseAt: latest.glucose.recordedAt,
    systolic: latest.pressure.systolic,
    diastolic: latest.pressure.diastolic,
    pressureAt: latest.pressure.recordedAt,
    lastVisitedAt: latest.visit.startsAt,
  })
    .from(users)
    .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
    .leftJoin(userImages, imageOfUser)
    .leftJoinLateral(latest.weight, sql`true`)
    .leftJoinLateral(latest.glucose, sql`true`)
    .leftJoinLateral(latest.pressure, sql`true`)
    .leftJoinLateral(latest.visit, sql`true`)
    .where(where);
}
type PatientRow = RowOf<typeof patientRows>;

const toCard =
  (today: string) =>
  (row: PatientRow): PatientCard => ({
    id: row.id,
    recordNumber: row.recordNumber,
    fullName: row.fullName,
    imageUrl: profileImageUrl(row.id, row.imageVersion),
    dateOfBirth: row.dateOfBirth,
    age: ageOn(row.dateOfBirth, today),
    address: row.address,
    bloodGroup: row.bloodGroup,
    lastVisitedAt: isoOrNull(row.lastVisitedAt),
    weight: latestValue(row.weight, row.weightAt),
    bloodPressure: latestPressure(row.systolic, row.diastolic, row.pressureAt),
    bloodGlucose: latestValue(row.glucose, row.glucoseAt),
  });

/** A page of the Patient List: the doctor's own patients by default, or every patient. */
export async function listPatientCards(ctx: ServiceContext, query: CardsQuery) {
  const filters = filterContext(ctx);
  // A search without an explicit sort ranks its matches (lib/patient-search.ts); otherwise one run.
  const tiers: Tier[] = (!query.sort &&
    patientSearchTiers(query.q, patientConditions(filters, { ...query, q: undefined }))) || [
    {
      where: patientConditions(filters, query),
      order: orderBy(query, SORT, [asc(users.lastName), asc(users.firstName)], users.id),
    },
  ];
  const result = await tieredPage(
    ctx,
    query,
    tiers,
    ({ where, order }, { limit, offset, select }) => {
      // The page's ids first, from users alone; then the latest values of those rows only. With
      // the laterals under OFFSET, page 500 would compute the vitals of every row it skips.
      const pageIds = ctx.db
        .select({ id: users.id })
        .from(users)
        .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return patientRows(ctx, inArray(users.id, pageIds), select).orderBy(...order);
    },
    (where) =>
      matchingRows(ctx.db).from(users).leftJoin(patientMedicalDetails, medicalDetailsOfUser).where(where),
    toCard(filters.today),
  );
  await audit(ctx, {
    action: 'patients.list',
    entityType: 'patient',
    details: { query, patientIds: idsOfPage(result) },
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

/** Rows fetched per round trip while streaming: memory stays flat however many patients match. */
export const EXPORT_BATCH = 500;

/** "2030-01-07 09:00" in facility time. */
const facilityDateTime = (instant: Date, timeZone: string) => {
  const { date, minutes } = toLocalDateTime(instant, timeZone);
  return `${date} ${formatMinutes(minutes)}`;
};

/**
 * The list as the filter shows it, as CSV: every matching row in name order. Pages are read by
 * keyset (after the last row's name and id), never by OFFSET, so each batch costs the same and
 * the file is produced as it is read. The export itself is audited once, before the first row.
 */
export async function exportPatientsCsv(ctx: ServiceContext, filter: PatientFilter) {
  const filters = filterContext(ctx);
  const where = patientConditions(filters, filter);
  const zone = ctx.config.TIME_ZONE;
  const card = toCard(filters.today);
  await audit(ctx, { action: 'patients.export', entityType: 'patient', details: { filter } });

  async function* lines() {
    yield CSV_BOM + csvLine(PATIENT_CSV_COLUMNS);
    let after: { lastName: string; firstName: string; id: string } | null = null;
    for (;;) {
      const batch: PatientRow[] = await patientRows(
        ctx,
        and(
          where,
          after
            ? sql`(${users.lastName}, ${users.firstName}, ${users.id}) > (${after.lastName}, ${after.firstName}, ${after.id})`
            : undefined,
        ),
        selectOf(ctx.db),
      )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(EXPORT_BATCH);
      let chunk = '';
      for (const row of batch) {
        const c = card(row);
        chunk += csvLine([
          row.fullName,
          row.email,
          row.phone,
          row.dateOfBirth,
          c.age,
          row.address,
          row.bloodGroup,
          c.weight?.value,
          c.bloodPressure ? formatBloodPressure(c.bloodPressure.systolic, c.bloodPressure.diastolic) : null,
          c.bloodGlucose?.value,
          row.lastVisitedAt ? facilityDateTime(row.lastVisitedAt, zone) : null,
        ]);
      }
      if (chunk) yield chunk;
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { lastName: last.lastName, firstName: last.firstName, id: last.id };
    }
  }

  return { fileName: patientCsvFileName(filters.today), lines: lines() };
}

// ---------------------------------------------------------------------------------------------
// The chart
// ---------------------------------------------------------------------------------------------

const APPOINTMENT_TYPE_LABELS = { checkup: 'Checkup', surgery: 'Surgery' } as const;
const doctor = alias(users, 'doctor');
const editor = alias(users, 'editor');

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
async function reportsOf(ctx: ServiceContext, patientId: string, query: ReportsQuery) {
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

/** Each measure's newest recorded value and when, in one pass over the patient's history. */
async function latestVitalsOf(ctx: ServiceContext, patientId: string): Promise<LatestVitals> {
  const newest = (column: AnyColumn, measuredBy: AnyColumn = column) =>
    sql<
      number | null
    >`(array_agg(${column} order by ${vitalSigns.recordedAt} desc) filter (where ${measuredBy} is not null))[1]`.mapWith(
      Number,
    );
  const newestAt = (column: AnyColumn) =>
    sql<Date | null>`max(${vitalSigns.recordedAt}) filter (where ${column} is not null)`.mapWith(
      vitalSigns.recordedAt,
    );
  const measure = (column: AnyColumn) => ({ value: newest(column), at: newestAt(column) });
  const [row] = await ctx.db
    .select({
      heartRate: measure(vitalSigns.heartRate),
      temperature: measure(vitalSigns.temperature),
      respiratoryRate: measure(vitalSigns.respiratoryRate),
      oxygenSaturation: measure(vitalSigns.oxygenSaturation),
      weight: measure(vitalSigns.weight),
      height: measure(vitalSigns.height),
      bloodGlucose: measure(vitalSigns.bloodGlucose),
      pressure: {
        systolic: newest(vitalSigns.systolic),
        diastolic: newest(vitalSigns.diastolic, vitalSigns.systolic),
        at: newestAt(vitalSigns.systolic),
      },
    })
    .from(vitalSigns)
    .where(eq(vitalSigns.patientId, patientId));
  if (!row) throw new Error('an aggregate always answers one row');
  const one = (m: { value: number | null; at: Date | null }) => latestValue(m.value, m.at);
  return {
    heartRate: one(row.heartRate),
    bloodPressure: latestPressure(row.pressure.systolic, row.pressure.diastolic, row.pressure.at),
    temperature: one(row.temperature),
    respiratoryRate: one(row.respiratoryRate),
    oxygenSaturation: one(row.oxygenSaturation),
    weight: one(row.weight),
    height: one(row.height),
    bloodGlucose: one(row.bloodGlucose),
  };
}

/** The chart without its audit row (reads and updates audit it their own way). */
async function loadChart(ctx: ServiceContext, patientId: string): Promise<PatientChart> {
  const [row] = await ctx.db
    .select({
      patient: users,
      recordNumber: recordNumberOf(),
      imageVersion: userImages.updatedAt,
      medical: patientMedicalDetails,
      editorFirst: editor.firstName,
      editorLast: editor.lastName,
    })
    .from(users)
    .leftJoin(userImages, imageOfUser)
    .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
    .leftJoin(editor, eq(editor.id, patientMedicalDetails.updatedBy))
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')))
    .limit(1);
  if (!row) throw notFound(PATIENT_RECORD);
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const { patient, medical } = row;
  const [lastVisitedAt, vitals, reports] = await independentReads(ctx.db, [
    () => lastVisitOf(ctx.db, patientId),
    () => latestVitalsOf(ctx, patientId),
    () => reportsOf(ctx, patientId, { page: 1, limit: MEDICAL_REPORTS_PAGE_SIZE }),
  ]);
  return {
    patient: {
      id: patient.id,
      recordNumber: row.recordNumber,
      firstName: patient.firstName,
      lastName: patient.lastName,
      fullName: `${patient.firstName} ${patient.lastName}`,
      email: patient.email,
      phone: patient.phone,
      dateOfBirth: patient.dateOfBirth,
      age: ageOn(patient.dateOfBirth, today),
      address: patient.address,
      gender: patient.gender,
      imageUrl: profileImageUrl(patient.id, row.imageVersion),
    },
    medical: {
      bloodGroup: medical?.bloodGroup ?? null,
      treatment: medical?.treatment ?? null,
      ongoingSurgeries: medical?.ongoingSurgeries ?? null,
      allergies: medical?.allergies ?? [],
      updatedAt: medical ? iso(medical.updatedAt) : null,
      updatedBy: row.editorFirst ? `Dr ${row.editorFirst} ${row.editorLast ?? ''}`.trim() : null,
    },
    lastVisitedAt: isoOrNull(lastVisitedAt),
    vitals,
    reports,
  };
}

/** GET the chart: personal and medical details, latest vitals, the first page of reports. Audited. */
export async function readChart(ctx: ServiceContext, patientId: string) {
  const chart = await loadChart(ctx, patientId);
  await audit(ctx, { action: 'chart.read', entityType: 'patient', entityId: patientId, patientId });
  return chart;
}

/** A further page of the chart's Medical reports. Audited like the chart. */
export async function listReports(
  ctx: ServiceContext,
  patientId: string,
  query: ReportsQuery,
): Promise<MedicalReportPage> {
  if (!(await findPatient(ctx.db, patientId))) throw notFound(PATIENT_RECORD);
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

/** The start of the trends' window: the same instant VITALS_SERIES_MONTHS months before `now`. */
function seriesStart(now: Date) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - VITALS_SERIES_MONTHS);
  return since;
}

/**
 * GET the vitals over time: the patient's measurements of the last VITALS_SERIES_MONTHS months
 * that hold a trend measure, the newest VITALS_SERIES_MAX_POINTS of them, answered oldest first
 * (read newest first down vital_signs_patient_recorded_idx, so the cost is bounded by the limit).
 * Same access as the chart; audited like it, with the ids the answer holds.
 */
export async function readVitalsSeries(ctx: ServiceContext, patientId: string): Promise<VitalsSeries> {
  if (!(await findPatient(ctx.db, patientId))) throw notFound(PATIENT_RECORD);
  const since = seriesStart(ctx.now());
  const { heartRate, systolic, diastolic, temperature, weight, bloodGlucose } = vitalSigns;
  const rows = await ctx.db
    .select({
      id: vitalSigns.id,
      recordedAt: vitalSigns.recordedAt,
      source: vitalSigns.source,
      heartRate,
      systolic,
      diastolic,
      temperature,
      weight,
      bloodGlucose,
    })
    .from(vitalSigns)
    .where(
      and(
        eq(vitalSigns.patientId, patientId),
        gte(vitalSigns.recordedAt, since),
        or(...[heartRate, systolic, temperature, weight, bloodGlucose].map((c) => isNotNull(c))),
      ),
    )
    .orderBy(desc(vitalSigns.recordedAt), desc(vitalSigns.id))
    .limit(VITALS_SERIES_MAX_POINTS);
  await audit(ctx, {
    action: 'chart.vitals.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { since: since.toISOString(), vitalSignIds: rows.map((r) => r.id) },
  });
  return {
    since: since.toISOString(),
    points: rows
      .reverse()
      .map(({ id: _id, recordedAt, ...values }) => ({ recordedAt: iso(recordedAt), ...values })),
  };
}

/**
 * Saves the medical details (one row per patient, created on first save) and, when weight,
 * blood pressure or blood glucose are given, records them as a new measurement (source
 * 'chart'): the history is never overwritten. One transaction, with its audit row.
 */
export async function updateMedicalDetails(
  ctx: ServiceContext,
  patientId: string,
  input: UpdateMedicalDetails,
): Promise<PatientChart> {
  const editorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    if (!(await findPatient(tx, patientId))) throw notFound(PATIENT_RECORD);
    const [before] = await tx
      .select()
      .from(patientMedicalDetails)
      .where(eq(patientMedicalDetails.patientId, patientId))
      .for('update');
    const details = {
      bloodGroup: input.bloodGroup,
      treatment: input.treatment,
      ongoingSurgeries: input.ongoingSurgeries,
      allergies: input.allergies,
      updatedBy: editorId,
      updatedAt: ctx.now(),
    };
    await tx
      .insert(patientMedicalDetails)
      .values({ patientId, ...details })
      .onConflictDoUpdate({ target: patientMedicalDetails.patientId, set: details });
    const measured = {
      weight: input.weight,
      systolic: input.systolic,
      diastolic: input.diastolic,
      bloodGlucose: input.bloodGlucose,
    };
    const recorded = Object.entries(measured)
      .filter(([, v]) => v !== null)
      .map(([k]) => k);
    if (recorded.length > 0) {
      await tx.insert(vitalSigns).values({
        patientId,
        recordedAt: ctx.now(),
        recordedBy: editorId,
        source: 'chart',
        ...measured,
      });
    }
    const changed = (['bloodGroup', 'treatment', 'ongoingSurgeries', 'allergies'] as const).filter(
      (field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(details[field] ?? null),
    );
    // Which fields changed, not their values: the audit trail says who did what, the chart holds the data.
    await audit(inTx, {
      action: 'chart.update',
      entityType: 'patient',
      entityId: patientId,
      patientId,
      details: { changed, recorded },
    });
  });
  return loadChart(ctx, patientId);
}
