import {
  type admissionDetailsSchema,
  type admitSchema,
  type arriveSchema,
  type planAdmissionSchema,
  STAY_MESSAGES,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beds } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { findPatient } from '../../lib/people';
import { occupyReservedBed, releaseBed, takeFreeBed } from '../beds';
import { admissionColumns } from './details';
import { auditStay, insertStay, lockStay, moveInto, publishStay, type StayRow, updateStay } from './store';

/*
 * Admissions: straight into a free bed (from the emergency room, a doctor's visit or chart, or the
 * desk), or planned for a day with a bed reserved, admitted when the patient arrives. The stay
 * and its bed are written in one transaction; the database refuses a second open stay of the
 * patient and a second patient in the bed, whatever runs in parallel.
 */

type Details = z.output<typeof admissionDetailsSchema>;
type AdmitInput = z.output<typeof admitSchema>;

async function registeredPatient(ctx: ServiceContext, patientId: string) {
  if (!(await findPatient(ctx.db, patientId))) throw badRequest(STAY_MESSAGES.patientRequired, 'patientId');
}

async function wardOfBed(ctx: ServiceContext, bedId: string) {
  const [bed] = await ctx.db.select({ wardId: beds.wardId }).from(beds).where(eq(beds.id, bedId));
  if (!bed) throw badRequest(STAY_MESSAGES.bedRequired, 'bedId');
  return bed.wardId;
}

/**
 * Admits a patient into a Free bed inside the caller's transaction (the ER's admit runs it with
 * its own entry's change). The stay goes in first, so a patient already admitted hears so rather
 * than about a bed.
 */
export async function admitIntoBed(
  ctx: ServiceContext,
  input: {
    patientId: string;
    bedId: string;
    details: Details;
    source: StayRow['admitSource'];
    erEntryId?: string;
  },
) {
  const now = ctx.now();
  await registeredPatient(ctx, input.patientId);
  const columns = await admissionColumns(ctx, input.details);
  const stay = await insertStay(ctx, {
    ...columns,
    patientId: input.patientId,
    wardId: await wardOfBed(ctx, input.bedId),
    bedId: input.bedId,
    status: 'Admitted',
    admitSource: input.source,
    admittedAt: now,
    erEntryId: input.erEntryId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const bed = await takeFreeBed(ctx, input.bedId, input.patientId);
  const placed = bed.wardId === stay.wardId ? stay : await updateStay(ctx, stay.id, { wardId: bed.wardId });
  await moveInto(ctx, stay.id, bed, now);
  await auditStay(ctx, 'stay.admit', placed, { source: input.source, bedId: bed.id, bed: bed.label });
  return placed;
}

/** POST /api/stays: a doctor (from a visit or the chart) or the desk admits a patient into a free bed. */
export async function admit(ctx: ServiceContext, input: AdmitInput) {
  const { patientId, bedId, ...details } = input;
  const stay = await ctx.db.transaction((tx) =>
    admitIntoBed(inTransaction(ctx, tx), { patientId, bedId, details, source: 'Outpatient' }),
  );
  await publishStay(ctx, stay);
  return stay.id;
}

/** POST /api/stays/planned: booked for a day (today or later), with a bed Reserved if one is chosen. */
export async function planAdmission(ctx: ServiceContext, input: z.output<typeof planAdmissionSchema>) {
  const now = ctx.now();
  if (input.plannedFor < facilityDate(now, ctx.config.TIME_ZONE)) {
    throw badRequest(STAY_MESSAGES.plannedForPast, 'plannedFor');
  }
  const { patientId, wardId, bedId, plannedFor, ...details } = input;
  const stay = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await registeredPatient(txCtx, patientId);
    if (bedId && (await wardOfBed(txCtx, bedId)) !== wardId)
      throw badRequest(STAY_MESSAGES.bedNotInWard, 'bedId');
    const created = await insertStay(txCtx, {
      ...(await admissionColumns(txCtx, details)),
      patientId,
      wardId,
      bedId,
      status: 'Planned',
      admitSource: 'Planned',
      plannedFor,
      createdAt: now,
      updatedAt: now,
    });
    if (bedId) await takeFreeBed(txCtx, bedId, patientId, 'Reserved');
    await auditStay(txCtx, 'stay.plan', created, { plannedFor, wardId, bedId });
    return created;
  });
  await publishStay(ctx, stay);
  return stay.id;
}

async function lockPlanned(ctx: ServiceContext, stayId: string) {
  const stay = await lockStay(ctx.db, stayId);
  if (stay.status !== 'Planned') throw conflict('STAY_NOT_PLANNED', STAY_MESSAGES.notPlanned);
  return stay;
}

/**
 * POST /api/stays/:stayId/admit: the planned patient has arrived. They take their reserved bed,
 * or another free bed chosen now (the reservation is then given up).
 */
export async function arrive(ctx: ServiceContext, stayId: string, input: z.output<typeof arriveSchema>) {
  const now = ctx.now();
  const stay = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const planned = await lockPlanned(txCtx, stayId);
    const bedId = input.bedId ?? planned.bedId;
    if (!bedId) throw badRequest(STAY_MESSAGES.bedRequired, 'bedId');
    let bed: { id: string; label: string; wardId: string };
    if (bedId === planned.bedId) {
      bed = await occupyReservedBed(txCtx, bedId, planned.patientId);
    } else {
      if (planned.bedId) await releaseBed(txCtx, planned.bedId, planned.patientId, 'Free');
      bed = await takeFreeBed(txCtx, bedId, planned.patientId);
    }
    const admitted = await updateStay(txCtx, stayId, {
      status: 'Admitted',
      admittedAt: now,
      bedId: bed.id,
      wardId: bed.wardId,
    });
    await moveInto(txCtx, stayId, bed, now);
    await auditStay(txCtx, 'stay.arrive', admitted, { bedId: bed.id, bed: bed.label });
    return admitted;
  });
  await publishStay(ctx, stay);
  return stay.id;
}

/** POST /api/stays/:stayId/cancel: a planned admission that will not happen; its reserved bed is free again. */
export async function cancelPlanned(ctx: ServiceContext, stayId: string) {
  const stay = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const planned = await lockPlanned(txCtx, stayId);
    if (planned.bedId) await releaseBed(txCtx, planned.bedId, planned.patientId, 'Free');
    const cancelled = await updateStay(txCtx, stayId, { status: 'Cancelled', bedId: null });
    await auditStay(txCtx, 'stay.cancel', cancelled, { bedId: planned.bedId });
    return cancelled;
  });
  await publishStay(ctx, stay);
  return stay.id;
}
