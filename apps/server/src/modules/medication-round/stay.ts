import { MEDICATION_ROUND_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stays } from '../../db/schema';
import { conflict, notFoundWith } from '../../lib/errors';

/**
 * The stay an order belongs to, held FOR SHARE until the transaction ends, so a discharge
 * (which updates the stay) waits for an order or a dose being written, and sees it.
 */
export async function shareStay(tx: Executor, stayId: string) {
  const [stay] = await tx
    .select({
      id: stays.id,
      patientId: stays.patientId,
      doctorId: stays.doctorId,
      wardId: stays.wardId,
      status: stays.status,
    })
    .from(stays)
    .where(eq(stays.id, stayId))
    .for('share');
  if (!stay) throw notFoundWith(MEDICATION_ROUND_MESSAGES.stayNotFound);
  return stay;
}

/** The same, refusing anything but an Admitted stay (409). */
export async function shareAdmittedStay(tx: Executor, stayId: string) {
  const stay = await shareStay(tx, stayId);
  if (stay.status !== 'Admitted')
    throw conflict('STAY_NOT_ADMITTED', MEDICATION_ROUND_MESSAGES.stayNotAdmitted);
  return stay;
}
