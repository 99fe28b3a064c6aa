import {
  daysBetween,
  HANDOVER_DEFAULT_HOURS,
  HANDOVER_MAX_HOURS,
  HANDOVER_MAX_NOTES,
  type Handover,
  type HandoverTransfer,
  toLocalDateTime,
  WARD_NOTE_MESSAGES,
} from '@carepoint/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { beds, nurses, nurseWards, stayLocations, stays, users, wardNotes, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { badRequest, notFoundWith } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { iso, selectOf } from '../../lib/list';
import { ageOn, fullNameOf } from '../../lib/people';
import { handoverDue } from './handover-due';
import { notesFrom, toWardNote } from './rows';

/*
 * A ward's shift handover (GET /api/wards/:wardId/handover): who is on the ward, what changed
 * since the last handover (admissions, bed moves in, out and within, discharges, notes) and what
 * is due (handover-due.ts). Read only, and audited once per patient it names.
 */

const HOUR = 3_600_000;
const patient = alias(users, 'handover_patient');
const doctor = alias(users, 'handover_doctor');
const fromWard = alias(wards, 'handover_from_ward');

interface Window {
  wardId: string;
  since: Date;
  until: Date;
}

/** The window: from `since` (the last 12 hours without it, at most 7 days back) to now. */
function windowOf(now: Date, since: string | undefined): { since: Date; until: Date } {
  if (since === undefined)
    return { since: new Date(now.getTime() - HANDOVER_DEFAULT_HOURS * HOUR), until: now };
  const from = new Date(since);
  if (from.getTime() > now.getTime()) throw badRequest(WARD_NOTE_MESSAGES.sinceInFuture, 'since');
  if (from.getTime() < now.getTime() - HANDOVER_MAX_HOURS * HOUR)
    throw badRequest(WARD_NOTE_MESSAGES.sinceTooEarly, 'since');
  return { since: from, until: now };
}

/** Each occupied bed's patient (every Admitted stay of the ward), by bed. */
const patientsOnWard = (db: Executor, wardId: string) =>
  db
    .select({
      stayId: stays.id,
      bedLabel: beds.label,
      patientId: stays.patientId,
      patientName: fullNameOf(patient),
      dateOfBirth: patient.dateOfBirth,
      admittedAt: stays.admittedAt,
      diagnosisCode: stays.diagnosisCode,
      diagnosisTitle: stays.diagnosisTitle,
      diagnosisText: stays.diagnosisText,
      doctorId: stays.doctorId,
      doctorName: fullNameOf(doctor),
    })
    .from(stays)
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .innerJoin(doctor, eq(doctor.id, stays.doctorId))
    .leftJoin(beds, eq(beds.id, stays.bedId))
    .where(and(eq(stays.wardId, wardId), eq(stays.status, 'Admitted')))
    .orderBy(asc(beds.label), asc(stays.id));

/** The nurses Manage Nurses put on the ward, with their duty status; inactive accounts left out. */
const nursesOfWard = (db: Executor, wardId: string) =>
  db
    .select({ id: users.id, name: fullNameOf(), dutyStatus: sql<string>`${nurses.status}::text` })
    .from(nurseWards)
    .innerJoin(nurses, eq(nurses.id, nurseWards.nurseId))
    .innerJoin(users, eq(users.id, nurses.id))
    .where(and(eq(nurseWards.wardId, wardId), eq(users.status, 'Active')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));

/**
 * Every place a stay that touched the ward in the window lay in, each with the place before it
 * (lag over the stay's history): a row without one is the admission, any other is a bed move.
 */
function movesTouching(db: Executor, { wardId, since, until }: Window) {
  const touching = db
    .select({ stayId: stayLocations.stayId })
    .from(stayLocations)
    .where(
      and(
        eq(stayLocations.wardId, wardId),
        lte(stayLocations.fromAt, until),
        or(isNull(stayLocations.toAt), gte(stayLocations.toAt, since)),
      ),
    );
  const history = sql`over (partition by ${stayLocations.stayId} order by ${stayLocations.fromAt}, ${stayLocations.id})`;
  const moves = db
    .select({
      stayId: stayLocations.stayId,
      wardId: stayLocations.wardId,
      bedLabel: stayLocations.bedLabel,
      fromAt: stayLocations.fromAt,
      prevWardId: sql<string | null>`lag(${stayLocations.wardId}) ${history}`.as('prev_ward_id'),
      prevBedLabel: sql<string | null>`lag(${stayLocations.bedLabel}) ${history}`.as('prev_bed_label'),
    })
    .from(stayLocations)
    .where(inArray(stayLocations.stayId, touching))
    .as('moves');
  return db
    .select({
      stayId: moves.stayId,
      patientId: stays.patientId,
      patientName: fullNameOf(patient),
      at: moves.fromAt,
      wardId: moves.wardId,
      wardName: wards.name,
      bedLabel: moves.bedLabel,
      prevWardId: moves.prevWardId,
      prevWardName: fromWard.name,
      prevBedLabel: moves.prevBedLabel,
    })
    .from(moves)
    .innerJoin(stays, eq(stays.id, moves.stayId))
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .innerJoin(wards, eq(wards.id, moves.wardId))
    .leftJoin(fromWard, sql`${fromWard.id} = ${moves.prevWardId}`)
    .where(
      and(
        gte(moves.fromAt, since),
        lte(moves.fromAt, until),
        or(eq(moves.wardId, wardId), sql`${moves.prevWardId} = ${wardId}`),
      ),
    )
    .orderBy(asc(moves.fromAt), asc(moves.stayId));
}

/** Stays that ended in the window while on the ward. */
const dischargesFrom = (db: Executor, { wardId, since, until }: Window) =>
  db
    .select({
      stayId: stays.id,
      patientId: stays.patientId,
      patientName: fullNameOf(patient),
      at: stays.dischargedAt,
      disposition: stays.dischargeDisposition,
    })
    .from(stays)
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .where(
      and(
        eq(stays.wardId, wardId),
        eq(stays.status, 'Discharged'),
        isNotNull(stays.dischargedAt),
        gte(stays.dischargedAt, since),
        lte(stays.dischargedAt, until),
      ),
    )
    .orderBy(asc(stays.dischargedAt), asc(stays.id));

const notesIn = ({ wardId, since, until }: Window) =>
  and(eq(wardNotes.wardId, wardId), gte(wardNotes.writtenAt, since), lte(wardNotes.writtenAt, until));

/** The newest notes written on the ward in the window (at most HANDOVER_MAX_NOTES), with their patient and bed. */
const notesWritten = (db: Executor, window: Window) =>
  notesFrom(selectOf(db))
    .where(notesIn(window))
    .orderBy(desc(wardNotes.writtenAt), desc(wardNotes.id))
    .limit(HANDOVER_MAX_NOTES);

const notesCount = async (db: Executor, window: Window) =>
  (await db.select({ n: count() }).from(wardNotes).where(notesIn(window)))[0]?.n ?? 0;

type Move = Awaited<ReturnType<typeof movesTouching>>[number];

const transferOf = (move: Move & { prevWardId: string }, wardId: string): HandoverTransfer => ({
  stayId: move.stayId,
  patientName: move.patientName,
  at: iso(move.at),
  direction: move.wardId !== wardId ? 'Out' : move.prevWardId !== wardId ? 'In' : 'Within',
  fromWardName: move.prevWardName ?? '',
  fromBedLabel: move.prevBedLabel ?? '',
  toWardName: move.wardName,
  toBedLabel: move.bedLabel,
});

export async function wardHandover(
  ctx: ServiceContext,
  wardId: string,
  query: { since?: string | undefined },
): Promise<Handover> {
  const { db } = ctx;
  const now = ctx.now();
  const [ward] = await db
    .select({ id: wards.id, name: wards.name, kind: wards.kind })
    .from(wards)
    .where(eq(wards.id, wardId));
  if (!ward) throw notFoundWith(WARD_NOTE_MESSAGES.wardNotFound);
  const window: Window = { wardId, ...windowOf(now, query.since) };
  const [onWard, staff, moves, discharges, notes, notesTotal] = await independentReads(db, [
    () => patientsOnWard(db, wardId),
    () => nursesOfWard(db, wardId),
    () => movesTouching(db, window),
    () => dischargesFrom(db, window),
    () => notesWritten(db, window),
    () => notesCount(db, window),
  ]);
  const zone = ctx.config.TIME_ZONE;
  const today = toLocalDateTime(now, zone).date;
  const patients = onWard.map((p) => {
    const admittedAt = p.admittedAt ?? now;
    return {
      stayId: p.stayId,
      bedLabel: p.bedLabel,
      patientId: p.patientId,
      patientName: p.patientName,
      age: ageOn(p.dateOfBirth, today),
      admittedAt: iso(admittedAt),
      daysSinceAdmission: Math.max(0, daysBetween(toLocalDateTime(admittedAt, zone).date, today)),
      diagnosis: { code: p.diagnosisCode, title: p.diagnosisTitle, text: p.diagnosisText },
      doctor: { id: p.doctorId, name: p.doctorName },
    };
  });
  const handover: Handover = {
    ward,
    since: iso(window.since),
    until: iso(window.until),
    patients,
    nurses: staff,
    changes: {
      admissions: moves
        .filter((m) => m.prevWardId === null && m.wardId === wardId)
        .map((m) => ({ stayId: m.stayId, patientName: m.patientName, at: iso(m.at), bedLabel: m.bedLabel })),
      transfers: moves.flatMap((m) =>
        m.prevWardId === null ? [] : [transferOf({ ...m, prevWardId: m.prevWardId }, wardId)],
      ),
      discharges: discharges.map((d) => ({
        stayId: d.stayId,
        patientName: d.patientName,
        at: iso(d.at ?? now),
        disposition: d.disposition,
      })),
      notes: notes
        .reverse()
        .map((n) => ({ ...toWardNote(n), patientName: n.patientName, bedLabel: n.bedLabel })),
      notesTotal,
    },
    due: await handoverDue(ctx, ward.id, patients),
  };
  const named = [onWard, moves, discharges, notes].flatMap((rows) => rows.map((row) => row.patientId));
  await auditHandover(ctx, window, new Set(named));
  return handover;
}

/** One read record per patient the handover names, so each patient's "who opened my record" shows it. */
async function auditHandover(ctx: ServiceContext, { wardId, since, until }: Window, patientIds: Set<string>) {
  const details = { wardId, since: iso(since), until: iso(until) };
  if (patientIds.size === 0) {
    await audit(ctx, { action: 'ward.handover', entityType: 'ward', entityId: wardId, details });
    return;
  }
  for (const patientId of patientIds)
    await audit(ctx, { action: 'ward.handover', entityType: 'ward', entityId: wardId, patientId, details });
}
