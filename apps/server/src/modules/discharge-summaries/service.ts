import {
  type CodedDiagnosis,
  type DischargeStay,
  type DischargeSummary,
  type DischargeSummaryData,
  type DischargeSummaryResponse,
  type FollowUpBooking,
  DISCHARGE_SUMMARY_MESSAGES as M,
  type PatientDischargeSummary,
  unsignableFields,
} from '@carepoint/contract';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dischargeSummaries, type StoredDiagnosis, stays } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { bookWithDoctor, slotOf } from '../appointments';
import { codedDiagnosis } from '../diagnosis-codes';
import { checkAllergies } from '../prescriptions';
import { findBookableDoctor } from '../schedules';
import { dischargeSummaryFileName, dischargeSummaryPdf } from './pdf';
import { readStay, readStays, readSummaries, readSummaryOfStay, storedPdfs } from './queries';

/*
 * Discharge summaries. Any doctor writes and signs one (the doctor in charge typically, or a
 * colleague covering); nurses, doctors and admins read them; a patient reads only their own
 * signed ones. Once signed a summary is final: the service refuses a change with 409, and a
 * trigger (migration 0047) refuses it whatever writes the row. Every read and write is audited.
 */

const ENTITY = 'discharge-summary';

/** Stays a summary may be written for: on the ward, or already gone home (written late). */
const WRITABLE: readonly DischargeStay['status'][] = ['Admitted', 'Discharged'];

async function stayOr404(db: Executor, stayId: string): Promise<DischargeStay> {
  const stay = await readStay(db, stayId);
  if (!stay) throw notFoundWith(M.stayNotFound);
  return stay;
}

/** Locks the stay's row (FOR SHARE: admissions and discharges wait) and checks a summary may be written for it. */
async function writableStay(tx: Executor, stayId: string): Promise<DischargeStay> {
  const [row] = await tx.select({ id: stays.id }).from(stays).where(eq(stays.id, stayId)).for('share');
  if (!row) throw notFoundWith(M.stayNotFound);
  const stay = await stayOr404(tx, stayId);
  if (!WRITABLE.includes(stay.status)) throw conflict('STAY_NOT_OPEN', M.stayNotOpen);
  return stay;
}

/**
 * The stored form of the coded diagnoses, each through the classification's one rule
 * (`codedDiagnosis`, decision 0031): a code the draft already had keeps the title it was saved
 * with; a new one must be in the table (else 400 on its field).
 */
async function codedDiagnoses(
  ctx: ServiceContext,
  input: DischargeSummaryData,
  saved: DischargeSummary | undefined,
) {
  const savedCodes = new Map<string, CodedDiagnosis>();
  for (const d of [saved?.principalDiagnosis, ...(saved?.secondaryDiagnoses ?? [])])
    if (d?.coded) savedCodes.set(d.coded.code, d.coded);
  const coded = (code: string | null, field: string) =>
    codedDiagnosis(ctx, code, code ? savedCodes.get(code) : null, field);
  const principal = await coded(input.principalDiagnosis.code, 'principalDiagnosis.code');
  const secondary: StoredDiagnosis[] = [];
  for (const [i, d] of input.secondaryDiagnoses.entries()) {
    const c = await coded(d.code, `secondaryDiagnoses.${i}.code`);
    secondary.push({ code: c?.code ?? null, title: c?.title ?? null, text: d.text });
  }
  return { principal, secondary };
}

/**
 * The prescriptions' allergy rule over the medicines to continue at home: one matching a recorded
 * allergy is refused (400 ALLERGY_WARNING on its name) unless the doctor confirms it.
 */
const medicinesPastAllergies = (
  tx: Executor,
  stay: DischargeStay,
  medicines: DischargeSummaryData['medicines'],
  confirmation: { acknowledged: boolean; confirmed?: readonly string[] },
) =>
  checkAllergies(tx, {
    patientId: stay.patient.id,
    medicines,
    ...confirmation,
    medicineField: (i) => `medicines.${i}.name`,
    message: M.acknowledgeAllergies,
  });

// ---------------------------------------------------------------------------------------------
// Staff: read, save a draft, sign, book the follow-up, the PDF
// ---------------------------------------------------------------------------------------------

/** The stay and its summary (null before the first draft); audited as a read of the patient's record. */
export async function readDischargeSummary(
  ctx: ServiceContext,
  stayId: string,
): Promise<DischargeSummaryResponse> {
  const stay = await stayOr404(ctx.db, stayId);
  const summary = (await readSummaryOfStay(ctx.db, stayId)) ?? null;
  await audit(ctx, {
    action: `${ENTITY}.read`,
    entityType: ENTITY,
    entityId: summary?.id ?? stayId,
    patientId: stay.patient.id,
    details: { stayId, status: summary?.status ?? null },
  });
  return { stay, summary };
}

/** PUT: the draft as the doctor has it now (created at the first save). A signed summary is refused with 409. */
export async function saveDischargeSummary(
  ctx: ServiceContext,
  stayId: string,
  input: DischargeSummaryData,
): Promise<DischargeSummaryResponse> {
  const actor = signedIn(ctx.actor);
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const stay = await writableStay(tx, stayId);
    const saved = await readSummaryOfStay(tx, stayId);
    if (saved?.signedAt) throw conflict('ALREADY_SIGNED', M.alreadySigned);
    const { principal, secondary } = await codedDiagnoses(txCtx, input, saved);
    const acknowledged = await medicinesPastAllergies(tx, stay, input.medicines, {
      acknowledged: input.acknowledgeAllergies,
    });
    const columns = {
      authorId: actor.id,
      principalCode: principal?.code ?? null,
      principalTitle: principal?.title ?? null,
      principalText: input.principalDiagnosis.text,
      secondaryDiagnoses: secondary,
      procedures: input.procedures,
      course: input.course,
      medicines: input.medicines,
      followUpInstructions: input.followUpInstructions,
      acknowledgedAllergies: acknowledged,
      allergiesAcknowledgedAt: acknowledged.length > 0 ? ctx.now() : null,
      updatedAt: ctx.now(),
    };
    // One statement whatever runs beside it: a parallel first save updates the other's row, and a
    // row signed meanwhile is left alone (no row back: refused below).
    const [row] = await tx
      .insert(dischargeSummaries)
      .values({ stayId, ...columns, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: dischargeSummaries.stayId,
        set: columns,
        setWhere: isNull(dischargeSummaries.signedAt),
      })
      .returning({ id: dischargeSummaries.id });
    if (!row) throw conflict('ALREADY_SIGNED', M.alreadySigned);
    await audit(txCtx, {
      action: `${ENTITY}.save`,
      entityType: ENTITY,
      entityId: row.id,
      patientId: stay.patient.id,
      details: { stayId, created: !saved },
    });
    return { stay, summary: (await readSummaryOfStay(tx, stayId)) ?? null };
  });
  return result;
}

/**
 * POST sign: the saved draft, complete (unsignableFields), becomes final with its PDF stored.
 * Of two signatures at once, the second waits for the first's row lock and is refused with 409.
 */
export async function signDischargeSummary(
  ctx: ServiceContext,
  stayId: string,
): Promise<DischargeSummaryResponse> {
  const actor = signedIn(ctx.actor);
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const stay = await writableStay(tx, stayId);
    const [locked] = await tx
      .select({ id: dischargeSummaries.id, signedAt: dischargeSummaries.signedAt })
      .from(dischargeSummaries)
      .where(eq(dischargeSummaries.stayId, stayId))
      .for('update');
    if (!locked) throw conflict('NO_DRAFT', M.nothingToSign);
    if (locked.signedAt) throw conflict('ALREADY_SIGNED', M.alreadySigned);
    const draft = await readSummaryOfStay(tx, stayId);
    if (!draft) throw conflict('NO_DRAFT', M.nothingToSign);
    // An allergy recorded since the draft was saved is caught before the summary becomes final.
    await medicinesPastAllergies(tx, stay, draft.medicines, {
      acknowledged: false,
      confirmed: draft.allergyOverride?.allergies ?? [],
    });
    const missing = unsignableFields({
      principalDiagnosis: {
        code: draft.principalDiagnosis.coded?.code ?? null,
        text: draft.principalDiagnosis.text,
      },
      procedures: draft.procedures,
      course: draft.course,
      followUpInstructions: draft.followUpInstructions,
    });
    const fields = Object.keys(missing);
    if (fields.length > 0) {
      const fieldErrors = Object.fromEntries(Object.entries(missing).map(([f, m]) => [f, [m]]));
      throw new AppError(400, 'INCOMPLETE', missing[fields[0] as string] as string, fieldErrors);
    }
    const signedAt = ctx.now();
    const signed: DischargeSummary = {
      ...draft,
      status: 'Signed',
      signedAt: signedAt.toISOString(),
      signedBy: { id: actor.id, name: `Dr ${actor.firstName} ${actor.lastName}` },
    };
    const { bytes } = await dischargeSummaryPdf(txCtx, stay, signed);
    await tx
      .update(dischargeSummaries)
      .set({ signedAt, signedById: actor.id, pdf: bytes, updatedAt: signedAt })
      .where(and(eq(dischargeSummaries.id, locked.id), isNull(dischargeSummaries.signedAt)));
    await audit(txCtx, {
      action: `${ENTITY}.sign`,
      entityType: ENTITY,
      entityId: locked.id,
      patientId: stay.patient.id,
      details: { stayId },
    });
    return { stay, summary: (await readSummaryOfStay(tx, stayId)) ?? null };
  });
  await ctx.publish('wards', { doctorIds: [result.stay.doctorInCharge.id] });
  return result;
}

/**
 * POST follow-up: books the patient's follow-up through the appointments' own booking (the
 * doctor's schedule rules, its locks, the patient's overlap check, the e-mail), Confirmed as a
 * doctor's booking is, and links it to the summary in the same transaction (a draft is made if
 * there is none yet). One follow-up per summary: a second is refused with 409; a signed summary
 * keeps the one it has.
 */
export async function bookFollowUp(
  ctx: ServiceContext,
  stayId: string,
  input: FollowUpBooking,
): Promise<DischargeSummaryResponse> {
  const actor = signedIn(ctx.actor);
  const doctor = await findBookableDoctor(ctx.db, input.doctorId);
  if (!doctor) throw badRequest(M.followUpDoctor, 'doctorId');
  let summaryId = '';
  let patientId = '';
  await bookWithDoctor(
    ctx,
    doctor,
    slotOf(input.date, input.time),
    {
      title: 'Follow-up after discharge',
      priority: 'Medium',
      type: 'checkup',
      status: 'Confirmed',
    },
    async (tx) => {
      const stay = await writableStay(tx.db, stayId);
      patientId = stay.patient.id;
      await tx.db
        .insert(dischargeSummaries)
        .values({ stayId, authorId: actor.id })
        .onConflictDoNothing({ target: dischargeSummaries.stayId });
      const [locked] = await tx.db
        .select({
          id: dischargeSummaries.id,
          signedAt: dischargeSummaries.signedAt,
          followUp: dischargeSummaries.followUpAppointmentId,
        })
        .from(dischargeSummaries)
        .where(eq(dischargeSummaries.stayId, stayId))
        .for('update');
      if (!locked) throw new Error('discharge summary not created');
      if (locked.signedAt) throw conflict('ALREADY_SIGNED', M.alreadySigned);
      if (locked.followUp) throw conflict('FOLLOW_UP_BOOKED', M.followUpBooked);
      summaryId = locked.id;
      return stay.patient.id;
    },
    async (tx, appointmentId) => {
      await tx.db
        .update(dischargeSummaries)
        .set({ followUpAppointmentId: appointmentId, updatedAt: ctx.now() })
        .where(eq(dischargeSummaries.id, summaryId));
      await audit(tx, {
        action: `${ENTITY}.follow-up`,
        entityType: ENTITY,
        entityId: summaryId,
        patientId,
        details: { stayId, appointmentId },
      });
    },
  );
  return {
    stay: await stayOr404(ctx.db, stayId),
    summary: (await readSummaryOfStay(ctx.db, stayId)) ?? null,
  };
}

/** The PDF of a stay's summary: the signed one as stored, or a draft's printed now. */
export async function dischargeSummaryPdfOfStay(ctx: ServiceContext, stayId: string) {
  const stay = await stayOr404(ctx.db, stayId);
  const summary = await readSummaryOfStay(ctx.db, stayId);
  if (!summary) throw notFoundWith(M.notFound);
  await audit(ctx, {
    action: `${ENTITY}.pdf`,
    entityType: ENTITY,
    entityId: summary.id,
    patientId: stay.patient.id,
    details: { stayId, status: summary.status },
  });
  return pdfOf(ctx, stay, summary);
}

async function pdfOf(ctx: ServiceContext, stay: DischargeStay, summary: DischargeSummary) {
  const stored = summary.signedAt ? (await storedPdfs(ctx.db, [summary.id])).get(summary.id) : undefined;
  if (stored) return { fileName: dischargeSummaryFileName(ctx, stay, summary), bytes: stored };
  return dischargeSummaryPdf(ctx, stay, summary);
}

/**
 * The summary of a stay, or undefined: for the discharge (modules/stays), which requires a
 * signed one. Not audited: the caller's own change is.
 */
export const summaryOf = (ctx: ServiceContext, stayId: string) => readSummaryOfStay(ctx.db, stayId);

// ---------------------------------------------------------------------------------------------
// The patient's own
// ---------------------------------------------------------------------------------------------

/** The signed-in patient's signed summaries, newest stay first. */
export async function listOwnDischargeSummaries(ctx: ServiceContext): Promise<PatientDischargeSummary[]> {
  const actor = signedIn(ctx.actor);
  const mine = await readStays(ctx.db, eq(stays.patientId, actor.id));
  const byStay = new Map(mine.map((s) => [s.id, s]));
  const summaries =
    mine.length === 0
      ? []
      : await readSummaries(
          ctx.db,
          and(
            inArray(
              dischargeSummaries.stayId,
              mine.map((s) => s.id),
            ),
            isNotNull(dischargeSummaries.signedAt),
          ),
        );
  const data = summaries
    .flatMap((s): PatientDischargeSummary[] => {
      const stay = byStay.get(s.stayId);
      if (!stay || !s.signedBy || !s.signedAt) return [];
      return [
        {
          id: s.id,
          stayId: s.stayId,
          ward: stay.ward,
          admittedAt: stay.admittedAt,
          dischargedAt: stay.dischargedAt,
          principalDiagnosis: s.principalDiagnosis,
          signedBy: s.signedBy,
          signedAt: s.signedAt,
          followUp: s.followUp,
        },
      ];
    })
    .sort((a, b) => (b.admittedAt ?? b.signedAt).localeCompare(a.admittedAt ?? a.signedAt));
  await audit(ctx, {
    action: `${ENTITY}.list`,
    entityType: ENTITY,
    patientId: actor.id,
    details: { summaryIds: data.map((s) => s.id) },
  });
  return data;
}

/** One of the signed-in patient's signed summaries as its PDF; anyone else's (or a draft) is 404. */
export async function ownDischargeSummaryPdf(ctx: ServiceContext, id: string) {
  const actor = signedIn(ctx.actor);
  const [summary] = await readSummaries(
    ctx.db,
    and(eq(dischargeSummaries.id, id), isNotNull(dischargeSummaries.signedAt)),
  );
  const stay = summary && (await readStay(ctx.db, summary.stayId));
  if (!summary || !stay || stay.patient.id !== actor.id) throw notFoundWith(M.notFound);
  await audit(ctx, {
    action: `${ENTITY}.pdf`,
    entityType: ENTITY,
    entityId: id,
    patientId: actor.id,
    details: { stayId: stay.id },
  });
  return pdfOf(ctx, stay, summary);
}
