import type { NursingNoteCategory } from '@carepoint/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { nurseWards, stays, users, wardNotes } from '../schema';
import type { SeedContext } from './context';

/*
 * Notes on the demo stays (seedStays, seedDischargedStay): a nursing note every twelve hours and
 * a ward round note each day, over the last three days of each stay, by the ward's nurses and the
 * doctor in charge. The newest fall within the last twelve hours, so each ward's handover has
 * something to say; one nursing note is corrected, as a correction is written.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const NURSING: Array<{ category: NursingNoteCategory; text: string }> = [
  {
    category: 'Observation',
    text: 'Observations stable overnight. Slept for most of the night; no complaints of pain.',
  },
  {
    category: 'Care given',
    text: 'Assisted with wash and change of linen. Pressure areas checked and intact. Repositioned 4-hourly.',
  },
  {
    category: 'Medication',
    text: 'Morning medicines given as charted. Paracetamol 1 g given for headache at 06:00 with good effect.',
  },
  {
    category: 'Family',
    text: 'Spoke with the family at visiting time; questions about the plan passed to the doctor in charge.',
  },
  {
    category: 'General',
    text: 'Eating and drinking well, fluid balance recorded. Mobilising to the bathroom with one assist.',
  },
  { category: 'Wound care', text: 'Cannula site clean, no redness. Dressing dry and intact.' },
];

const ROUNDS: Array<{ subjective: string; objective: string; assessment: string; plan: string }> = [
  {
    subjective: 'Feels a little better than yesterday; slept well. Appetite returning.',
    objective: 'Afebrile for 24 hours, pulse 88, BP 124/78. Examination unchanged.',
    assessment: 'Improving on current treatment.',
    plan: 'Continue treatment; encourage mobilisation; review bloods tomorrow.',
  },
  {
    subjective: 'Complains of tiredness; no new symptoms.',
    objective: 'Temperature 37.9 overnight; otherwise observations within normal limits.',
    assessment: 'Slow progress, no sign of deterioration.',
    plan: 'Repeat full blood count and electrolytes; keep on 4-hourly observations.',
  },
  {
    subjective: 'Keen to go home.',
    objective: 'Observations normal for 48 hours; eating and mobilising independently.',
    assessment: 'Recovering well.',
    plan: 'Plan discharge in the next 48 hours if stable; book follow-up in clinic.',
  },
];

/** Instants from `end` back to `start`, `step` apart, the first `offset` before `end`; at most `max`. */
function times(start: Date, end: Date, step: number, offset: number, max: number) {
  const out: Date[] = [];
  for (let at = end.getTime() - offset; at > start.getTime() + HOUR && out.length < max; at -= step)
    out.push(new Date(at));
  return out.reverse();
}

export async function seedWardNotes(ctx: SeedContext) {
  const written = await ctx.db
    .select({
      id: stays.id,
      wardId: stays.wardId,
      doctorId: stays.doctorId,
      admittedAt: stays.admittedAt,
      dischargedAt: stays.dischargedAt,
    })
    .from(stays)
    .where(inArray(stays.status, ['Admitted', 'Discharged']))
    .orderBy(asc(stays.admittedAt), asc(stays.id));
  const onWards = await ctx.db
    .select({ wardId: nurseWards.wardId, nurseId: nurseWards.nurseId })
    .from(nurseWards)
    .orderBy(asc(nurseWards.nurseId));
  const [demoNurse] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'nurse@carepoint.example'));
  if (!demoNurse) throw new Error('the demo nurse is missing');
  const nursesOf = (wardId: string) => {
    const ids = onWards.filter((row) => row.wardId === wardId).map((row) => row.nurseId);
    return ids.length > 0 ? ids : [demoNurse.id];
  };

  let corrected = false;
  for (const [s, stay] of written.entries()) {
    if (!stay.admittedAt) continue;
    const end = stay.dischargedAt ?? ctx.seededAt;
    const staff = nursesOf(stay.wardId);
    const rows: Array<typeof wardNotes.$inferInsert> = [
      ...times(stay.admittedAt, end, 12 * HOUR, HOUR + s * 600_000, 6).map((writtenAt, i) => ({
        stayId: stay.id,
        wardId: stay.wardId,
        kind: 'Nursing' as const,
        ...NURSING[(s + i) % NURSING.length],
        authorId: staff[i % staff.length] ?? demoNurse.id,
        writtenAt,
      })),
      ...times(stay.admittedAt, end, DAY, 3 * HOUR + s * 600_000, 3).map((writtenAt, i) => ({
        stayId: stay.id,
        wardId: stay.wardId,
        kind: 'Ward round' as const,
        ...ROUNDS[(s + i) % ROUNDS.length],
        authorId: stay.doctorId,
        writtenAt,
      })),
    ];
    if (rows.length > 0) await ctx.db.insert(wardNotes).values(rows);
    if (!corrected && !stay.dischargedAt)
      corrected = await seedCorrection(ctx, stay.id, stay.wardId, staff[0] ?? demoNurse.id);
  }
}

/** A temperature written wrongly, then put right by its author half an hour later. */
async function seedCorrection(ctx: SeedContext, stayId: string, wardId: string, authorId: string) {
  const at = ctx.seededAt.getTime() - 5 * HOUR;
  const [wrong] = await ctx.db
    .insert(wardNotes)
    .values({
      stayId,
      wardId,
      kind: 'Nursing',
      category: 'Observation',
      text: 'Temperature 39.8 at 04:00; doctor informed.',
      authorId,
      writtenAt: new Date(at),
    })
    .returning({ id: wardNotes.id });
  if (!wrong) return false;
  await ctx.db.insert(wardNotes).values({
    stayId,
    wardId,
    kind: 'Nursing',
    category: 'Observation',
    text: 'Correction: temperature at 04:00 was 38.9, not 39.8 (misread). Doctor informed.',
    authorId,
    writtenAt: new Date(at + HOUR / 2),
    correctsId: wrong.id,
  });
  return true;
}
