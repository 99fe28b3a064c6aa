import type { NursingNoteCategory, WardNote, WardNoteKind } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beds, stays, users, wardNotes, wards } from '../../db/schema';
import { iso, type Select } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/*
 * How a note is read, for a stay's timeline and for a ward's handover alike: its columns, its
 * author and ward by name, and the correction that replaced it (if any), in one select.
 */

const author = alias(users, 'note_author');
const patient = alias(users, 'note_patient');
const correction = alias(wardNotes, 'note_correction');

const noteColumns = {
  id: wardNotes.id,
  stayId: wardNotes.stayId,
  kind: wardNotes.kind,
  category: wardNotes.category,
  text: wardNotes.text,
  subjective: wardNotes.subjective,
  objective: wardNotes.objective,
  assessment: wardNotes.assessment,
  plan: wardNotes.plan,
  authorId: wardNotes.authorId,
  authorName: fullNameOf(author),
  authorRole: sql<string>`${author.role}::text`,
  wardName: wards.name,
  writtenAt: wardNotes.writtenAt,
  correctsId: wardNotes.correctsId,
  correctedById: correction.id,
  correctedAt: correction.writtenAt,
  // Whom the note is about, for the handover (a stay's own page knows).
  patientId: stays.patientId,
  patientName: fullNameOf(patient),
  bedLabel: beds.label,
};

/** The notes with their author, ward, correction, patient and bed joined: add the WHERE. */
export const notesFrom = (select: Select) =>
  select(noteColumns)
    .from(wardNotes)
    .innerJoin(author, eq(author.id, wardNotes.authorId))
    .innerJoin(wards, eq(wards.id, wardNotes.wardId))
    .innerJoin(stays, eq(stays.id, wardNotes.stayId))
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .leftJoin(beds, eq(beds.id, stays.bedId))
    .leftJoin(correction, eq(correction.correctsId, wardNotes.id));

export interface NoteRow {
  id: string;
  stayId: string;
  kind: WardNoteKind;
  category: NursingNoteCategory | null;
  text: string | null;
  subjective: string | null;
  objective: string | null;
  assessment: string | null;
  plan: string | null;
  authorId: string;
  authorName: string;
  authorRole: string;
  wardName: string;
  writtenAt: Date;
  correctsId: string | null;
  correctedById: string | null;
  correctedAt: Date | null;
  patientId: string;
  patientName: string;
  bedLabel: string | null;
}

export const toWardNote = (row: NoteRow): WardNote => ({
  id: row.id,
  stayId: row.stayId,
  kind: row.kind,
  category: row.category,
  text: row.text,
  subjective: row.subjective,
  objective: row.objective,
  assessment: row.assessment,
  plan: row.plan,
  author: { id: row.authorId, name: row.authorName, role: row.authorRole },
  wardName: row.wardName,
  writtenAt: iso(row.writtenAt),
  correctsId: row.correctsId,
  correctedBy:
    row.correctedById && row.correctedAt ? { id: row.correctedById, writtenAt: iso(row.correctedAt) } : null,
});
