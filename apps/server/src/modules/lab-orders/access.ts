import { LAB_ORDER_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nurseWards, stays } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';

/*
 * A nurse reaches a patient's lab orders only while the patient lies on one of the nurse's wards
 * (an Admitted stay on a ward of nurse_wards); any other patient's orders answer 404, as if they
 * did not exist. Doctors (who may open any chart), the lab and admins are not narrowed here.
 */

/** 404 with `message` unless the actor may reach this patient's orders. */
export async function requireReach(db: Executor, actor: Actor, patientId: string, message: string) {
  if (actor.role !== 'nurse') return;
  const [row] = await db
    .select({ id: stays.id })
    .from(stays)
    .innerJoin(nurseWards, and(eq(nurseWards.wardId, stays.wardId), eq(nurseWards.nurseId, actor.id)))
    .where(and(eq(stays.patientId, patientId), eq(stays.status, 'Admitted')))
    .limit(1);
  if (!row) throw notFoundWith(message);
}

/** 404 "Lab order not found" unless the actor may reach the order's patient. */
export const requireOrderReach = (db: Executor, actor: Actor, patientId: string) =>
  requireReach(db, actor, patientId, LAB_ORDER_MESSAGES.orderNotFound);
