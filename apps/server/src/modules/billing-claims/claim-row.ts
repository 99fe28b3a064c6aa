import { CLAIM_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claims } from '../../db/schema';
import { conflict, notFoundWith } from '../../lib/errors';

export const notFoundClaim = () => notFoundWith(CLAIM_MESSAGES.notFound);

/**
 * Locks a claim for a change: its totals and status are recomputed from its lines under this
 * lock, so two changes at once (two remittances, a submit and a correction) take turns. 404 when
 * there is none.
 */
export async function lockClaim(db: Executor, id: string) {
  const [row] = await db.select().from(claims).where(eq(claims.id, id)).for('update');
  if (!row) throw notFoundClaim();
  return row;
}

/** Locks a draft claim; 409 once it has been submitted (a submitted claim is frozen). */
export async function lockDraft(db: Executor, id: string) {
  const row = await lockClaim(db, id);
  if (row.status !== 'draft') throw conflict('CLAIM_SUBMITTED', CLAIM_MESSAGES.notDraft);
  return row;
}
