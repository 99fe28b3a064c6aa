import {
  type createNursingNoteSchema,
  type createWardRoundNoteSchema,
  WARD_NOTE_MESSAGES,
  type WardNote,
  type WardNoteKind,
  type WardNotePage,
  type wardNoteListQuerySchema,
} from '@carepoint/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { wardNotes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, signedIn } from '../../lib/errors';
import { listPage, matchingRows, selectOf } from '../../lib/list';
import { notesFrom, toWardNote } from './rows';
import { loadStay } from './stay';

/*
 * Writing and reading a stay's notes. Nurses write nursing notes, doctors ward round notes, both
 * only while the stay is Admitted; nurses, doctors and admins read them, newest first. A note is
 * never changed: a correction is a new note naming the one it corrects (rows.ts, the schema).
 */

type NursingInput = z.output<typeof createNursingNoteSchema>;
type WardRoundInput = z.output<typeof createWardRoundNoteSchema>;
type ListQuery = z.output<typeof wardNoteListQuerySchema>;

/** A note's content as stored: SOAP parts left blank are null. */
type NoteContent = Pick<
  typeof wardNotes.$inferInsert,
  'category' | 'text' | 'subjective' | 'objective' | 'assessment' | 'plan'
>;

const alreadyCorrected = () =>
  conflict('NOTE_ALREADY_CORRECTED', WARD_NOTE_MESSAGES.alreadyCorrected, 'correctsId');

/**
 * The note a correction replaces must be on this stay, of this kind, by this author, and not yet
 * corrected. Said here with the contract's words; the composite foreign key and the unique index
 * hold the same under parallel requests (two corrections of one note: the second is a 409).
 */
async function checkCorrected(
  db: Executor,
  correctsId: string,
  want: { stayId: string; kind: WardNoteKind; authorId: string },
) {
  const [old] = await db
    .select({ stayId: wardNotes.stayId, kind: wardNotes.kind, authorId: wardNotes.authorId })
    .from(wardNotes)
    .where(eq(wardNotes.id, correctsId));
  if (!old || old.stayId !== want.stayId || old.kind !== want.kind)
    throw badRequest(WARD_NOTE_MESSAGES.correctsNotFound, 'correctsId');
  if (old.authorId !== want.authorId) throw badRequest(WARD_NOTE_MESSAGES.correctsOthers, 'correctsId');
  const [later] = await db
    .select({ id: wardNotes.id })
    .from(wardNotes)
    .where(eq(wardNotes.correctsId, correctsId))
    .limit(1);
  if (later) throw alreadyCorrected();
}

/**
 * Writes one note on an Admitted stay, in the ward the patient lies in now, with its audit row,
 * then tells the ward boards and the doctor in charge.
 */
async function writeNote(
  ctx: ServiceContext,
  stayId: string,
  kind: WardNoteKind,
  content: NoteContent,
  correctsId: string | null | undefined,
): Promise<WardNote> {
  const me = signedIn(ctx.actor);
  const now = ctx.now();
  const { id, doctorId } = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const stay = await loadStay(tx, stayId, true);
        if (stay.status !== 'Admitted') throw conflict('STAY_NOT_ADMITTED', WARD_NOTE_MESSAGES.notAdmitted);
        if (correctsId) await checkCorrected(tx, correctsId, { stayId, kind, authorId: me.id });
        const [note] = await tx
          .insert(wardNotes)
          .values({
            stayId,
            wardId: stay.wardId,
            kind,
            ...content,
            authorId: me.id,
            writtenAt: now,
            correctsId: correctsId ?? null,
          })
          .returning({ id: wardNotes.id });
        if (!note) throw new Error('note not written');
        await audit(inTransaction(ctx, tx), {
          action: 'ward-note.create',
          entityType: 'ward_note',
          entityId: note.id,
          patientId: stay.patientId,
          details: { stayId, kind, correctsId: correctsId ?? null },
        });
        return { id: note.id, doctorId: stay.doctorId };
      }),
    alreadyCorrected,
  );
  await ctx.publish('wards', { doctorIds: [doctorId] });
  const [row] = await notesFrom(selectOf(ctx.db)).where(eq(wardNotes.id, id));
  if (!row) throw new Error('note not found after writing it');
  return toWardNote(row);
}

/** POST /api/stays/:stayId/nursing-notes (nurses). */
export const writeNursingNote = (ctx: ServiceContext, stayId: string, input: NursingInput) =>
  writeNote(ctx, stayId, 'Nursing', { text: input.text, category: input.category }, input.correctsId);

/** POST /api/stays/:stayId/ward-round-notes (doctors). */
export const writeWardRoundNote = (ctx: ServiceContext, stayId: string, input: WardRoundInput) =>
  writeNote(
    ctx,
    stayId,
    'Ward round',
    {
      subjective: input.subjective || null,
      objective: input.objective || null,
      assessment: input.assessment || null,
      plan: input.plan || null,
    },
    input.correctsId,
  );

/** GET /api/stays/:stayId/notes: a page of the stay's notes, newest first. */
export async function listNotes(
  ctx: ServiceContext,
  stayId: string,
  query: ListQuery,
): Promise<WardNotePage> {
  const stay = await loadStay(ctx.db, stayId);
  const where = and(eq(wardNotes.stayId, stayId), query.kind ? eq(wardNotes.kind, query.kind) : undefined);
  const page = await listPage(ctx, query, {
    rows: (select) => notesFrom(select).where(where),
    order: [desc(wardNotes.writtenAt), desc(wardNotes.id)],
    count: matchingRows(ctx.db).from(wardNotes).where(where),
    map: toWardNote,
  });
  await audit(ctx, {
    action: 'ward-note.list',
    entityType: 'stay',
    entityId: stayId,
    patientId: stay.patientId,
    details: { kind: query.kind ?? null, page: query.page, noteIds: page.data.map((note) => note.id) },
  });
  return page;
}
