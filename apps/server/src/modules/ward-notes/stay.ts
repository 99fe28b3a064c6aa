import { WARD_NOTE_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stays } from '../../db/schema';
import { notFoundWith } from '../../lib/errors';

/**
 * The stay a note belongs to: its patient, ward, doctor in charge and status. Nurses, doctors and
 * admins reach every stay (the ward board lists them all); an unknown id is a 404.
 * Inside a write, `lock` holds the stay's row FOR SHARE until the note is committed, so a
 * discharge or a transfer (which update the row) waits for the note, and the note sees the
 * stay's status and ward as they are when it is written.
 */
export async function loadStay(db: Executor, stayId: string, lock = false) {
  const query = db
    .select({
      id: stays.id,
      status: stays.status,
      patientId: stays.patientId,
      wardId: stays.wardId,
      doctorId: stays.doctorId,
    })
    .from(stays)
    .where(eq(stays.id, stayId));
  const [row] = lock ? await query.for('share', { of: stays }) : await query;
  if (!row) throw notFoundWith(WARD_NOTE_MESSAGES.stayNotFound);
  return row;
}
