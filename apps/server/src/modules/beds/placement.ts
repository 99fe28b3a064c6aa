import { BED_MESSAGES, type BedStatus, OPEN_STAY_STATUSES, type WardSexRule } from '@carepoint/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stays, users, wards } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';

/*
 * The rules of who may lie in which bed, shared by Edit Bed and the ER's admit. Each runs inside
 * the writing transaction, after the bed's row is locked, so two requests for one bed see each
 * other's outcome instead of both passing the checks.
 */

/**
 * The ward a bed is written into, locked FOR SHARE until the transaction ends: an Edit Ward that
 * changes its sex rule (FOR UPDATE) waits for the placement, and the placement for it.
 */
export async function lockWard(tx: Executor, wardId: string) {
  const [ward] = await tx
    .select({ id: wards.id, name: wards.name, sexRule: wards.sexRule })
    .from(wards)
    .where(eq(wards.id, wardId))
    .for('share');
  if (!ward) throw badRequest(BED_MESSAGES.wardNotFound, 'wardId');
  return ward;
}

/** The sex a single-sex ward refuses, or undefined for a Mixed ward. */
export const refusedGender = (rule: WardSexRule) =>
  rule === 'Female only' ? 'male' : rule === 'Male only' ? 'female' : undefined;

/**
 * Refuses a patient whose recorded sex is the other one of a single-sex ward. A patient recorded
 * as other or unknown is not refused: the rule keeps the other sex out, and who else fits is the
 * ward staff's judgement.
 */
export async function checkSexRule(tx: Executor, rule: WardSexRule, patientId: string) {
  const refused = refusedGender(rule);
  if (!refused) return;
  const [patient] = await tx
    .select({ gender: users.gender })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')));
  if (patient?.gender === refused) {
    throw conflict(
      'WARD_SEX_RULE',
      rule === 'Female only' ? BED_MESSAGES.femaleOnly : BED_MESSAGES.maleOnly,
      'patientId',
    );
  }
}

interface BedNow {
  status: BedStatus;
  patientId: string | null;
}

/**
 * Whether a bed as it is now may become `status` with `patientId` in it: a bed being cleaned
 * takes nobody until it is made ready (Free), and a bed that already names a patient takes no
 * other one (free it first). Of two requests placing patients in one bed, the second finds the
 * first's patient here and is refused.
 */
export function checkPlacement(before: BedNow, status: BedStatus, patientId: string | null) {
  const holds = status === 'Occupied' || status === 'Reserved';
  if (before.status === 'Cleaning' && holds) {
    throw conflict('BED_CLEANING', BED_MESSAGES.cleaningFirst, 'status');
  }
  if (patientId && before.patientId && before.patientId !== patientId) {
    throw conflict('BED_TAKEN', BED_MESSAGES.bedTaken, 'patientId');
  }
}

/**
 * A bed an open stay holds (an admitted or expected patient) keeps its patient, state and ward
 * until the stay moves them: a transfer, the discharge or a cancelled plan. Edit Bed may rename it.
 */
export async function checkNotHeldByStay(
  tx: Executor,
  before: BedNow & { id: string; wardId: string },
  next: { status: BedStatus; patientId: string | null; wardId: string },
) {
  const unchanged =
    before.status === next.status && before.patientId === next.patientId && before.wardId === next.wardId;
  if (unchanged) return;
  const [held] = await tx
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.bedId, before.id), inArray(stays.status, [...OPEN_STAY_STATUSES])))
    .limit(1);
  if (held) throw conflict('BED_HELD_BY_STAY', BED_MESSAGES.heldByStay, 'status');
}
