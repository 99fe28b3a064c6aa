import { NURSING_NOTE_CATEGORIES, WARD_NOTE_KINDS, WARD_NOTE_MAX_LENGTH } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { wards } from './beds';
import { id } from './columns';
import { stays } from './stays';

export const wardNoteKind = pgEnum('ward_note_kind', WARD_NOTE_KINDS);
export const nursingNoteCategory = pgEnum('nursing_note_category', NURSING_NOTE_CATEGORIES);

const within = (column: AnyPgColumn) =>
  sql`char_length(${column}) <= ${sql.raw(String(WARD_NOTE_MAX_LENGTH))}`;

/**
 * Notes on a stay: a nurse's note (text and category) or a doctor's ward round note (SOAP).
 * Append-only (docs/areas/ward-notes-handover.md): a trigger refuses any UPDATE or DELETE, and a
 * mistake is put right by a correction, a new note naming the one it corrects. The composite key
 * holds a correction to the same stay, kind and author as its note; the unique index lets a note
 * be corrected once, so two corrections sent at once cannot both stand.
 */
export const wardNotes = pgTable(
  'ward_notes',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'restrict' }),
    /** The ward the patient lay on when the note was written: its handover lists the note. */
    wardId: uuid()
      .notNull()
      .references(() => wards.id, { onDelete: 'restrict' }),
    kind: wardNoteKind().notNull(),
    category: nursingNoteCategory(),
    text: text(),
    subjective: text(),
    objective: text(),
    assessment: text(),
    plan: text(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    correctsId: uuid(),
  },
  (t) => [
    unique('ward_notes_version_key').on(t.id, t.stayId, t.kind, t.authorId),
    foreignKey({
      name: 'ward_notes_corrects_fk',
      columns: [t.correctsId, t.stayId, t.kind, t.authorId],
      foreignColumns: [t.id, t.stayId, t.kind, t.authorId],
    }).onDelete('restrict'),
    uniqueIndex('ward_notes_corrected_once').on(t.correctsId),
    index('ward_notes_stay_idx').on(t.stayId, t.writtenAt, t.id),
    index('ward_notes_stay_kind_idx').on(t.stayId, t.kind, t.writtenAt, t.id),
    index('ward_notes_ward_idx').on(t.wardId, t.writtenAt),
    index('ward_notes_author_idx').on(t.authorId),
    check(
      'ward_notes_shape',
      sql`case ${t.kind}
        when 'Nursing' then ${t.text} is not null and ${t.category} is not null
          and num_nonnulls(${t.subjective}, ${t.objective}, ${t.assessment}, ${t.plan}) = 0
        else ${t.text} is null and ${t.category} is null
          and num_nonnulls(${t.subjective}, ${t.objective}, ${t.assessment}, ${t.plan}) > 0
      end`,
    ),
    check(
      'ward_notes_length',
      sql`${within(t.text)} and ${within(t.subjective)} and ${within(t.objective)} and ${within(t.assessment)} and ${within(t.plan)}`,
    ),
    check('ward_notes_not_blank', sql`${t.text} is null or btrim(${t.text}) <> ''`),
  ],
);
