import {
  findAllergyConflicts,
  fromLocalDateTime,
  type MedicationRoute,
  medicineLabel,
  type ScheduleKind,
  scheduledDoses,
} from '@carepoint/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { facilityDay } from '../../lib/facility-time';
import {
  medicationAdministrations,
  medicationOrders,
  medicines,
  patientMedicalDetails,
  stays,
  users,
} from '../schema';
import type { SeedContext } from './context';

/*
 * A medication round on the first admitted demo stays: scheduled orders since yesterday with
 * their doses given (a few held or refused, with the reason), the latest ones still due, one
 * controlled medicine given with a second nurse as witness, an as-needed painkiller given twice,
 * and an order stopped yesterday. Most are picked from the formulary with the units a dose takes
 * (the pharmacy's demo data stocks the wards' stores with them, db/seed/pharmacy.ts); ondansetron
 * and enoxaparin are written outside it (Not stocked). The doses recorded here are the round's
 * history, written before the wards had stock: they took none (a dose given through the API
 * takes its units from the ward's store).
 */

const HOUR = 3_600_000;

interface DemoOrder {
  /** As written: for a formulary medicine, its name, strength and form (what the picker writes). */
  medicine: string;
  /** Dispensing units a dose takes from the ward's store, for a formulary medicine. */
  unitsPerDose?: number;
  dose: string;
  route: MedicationRoute;
  kind: ScheduleKind;
  times?: string[];
  everyHours?: number;
  minIntervalHours?: number;
  maxPerDay?: number;
  controlled?: boolean;
  stoppedAfterHours?: number;
}

const ORDERS: DemoOrder[][] = [
  [
    {
      medicine: 'Metoclopramide 10 mg Tablet',
      unitsPerDose: 1,
      dose: '10 mg',
      route: 'Oral',
      kind: 'times',
      times: ['08:00', '14:00', '20:00'],
    },
    {
      medicine: 'Paracetamol 500 mg Tablet',
      unitsPerDose: 2,
      dose: '1 g',
      route: 'Oral',
      kind: 'prn',
      minIntervalHours: 4,
      maxPerDay: 4,
    },
    {
      medicine: 'Metronidazole 400 mg Tablet',
      unitsPerDose: 1,
      dose: '400 mg',
      route: 'Oral',
      kind: 'times',
      times: ['09:00', '21:00'],
      stoppedAfterHours: 14,
    },
  ],
  [
    {
      medicine: 'Artesunate 60 mg Injection',
      unitsPerDose: 2,
      dose: '120 mg',
      route: 'Intravenous',
      kind: 'interval',
      everyHours: 12,
    },
    { medicine: 'Ondansetron', dose: '4 mg', route: 'Intravenous', kind: 'times', times: ['08:00', '16:00'] },
  ],
  [
    {
      // Half an ampoule: the rest of the one opened is discarded, witnessed.
      medicine: 'Morphine 10 mg/mL Injection',
      unitsPerDose: 1,
      dose: '5 mg',
      route: 'Subcutaneous',
      kind: 'times',
      times: ['06:00', '18:00'],
      controlled: true,
    },
    { medicine: 'Enoxaparin', dose: '40 mg', route: 'Subcutaneous', kind: 'times', times: ['20:00'] },
  ],
];

/** Not given, and why: the held and refused doses of the round, in turn. */
const NOT_GIVEN = [
  { outcome: 'Held' as const, reason: 'Nil by mouth before the scan' },
  { outcome: 'Refused' as const, reason: 'Patient declined: felt nauseous' },
];

/** The formulary medicines the orders name, by their label ("Paracetamol 500 mg Tablet"). */
async function formularyIds(ctx: SeedContext, orders: readonly DemoOrder[]) {
  const labels = new Set(orders.flatMap((o) => (o.unitsPerDose ? [o.medicine] : [])));
  const rows = await ctx.db
    .select({
      id: medicines.id,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
    })
    .from(medicines);
  return new Map(
    rows.flatMap((row) => (labels.has(medicineLabel(row)) ? [[medicineLabel(row), row.id]] : [])),
  );
}

export async function seedMedicationRound(ctx: SeedContext) {
  const tz = ctx.config.TIME_ZONE;
  const now = ctx.seededAt;
  const admitted = await ctx.db
    .select({
      id: stays.id,
      patientId: stays.patientId,
      doctorId: stays.doctorId,
      allergies: patientMedicalDetails.allergies,
    })
    .from(stays)
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .where(eq(stays.status, 'Admitted'))
    .orderBy(asc(stays.admittedAt), asc(stays.id))
    .limit(ORDERS.length);
  const [nurse] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'nurse@carepoint.example'));
  const [witness] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'nurse'), ne(users.email, 'nurse@carepoint.example')))
    .orderBy(asc(users.email))
    .limit(1);
  if (!nurse || !witness) return;
  const formulary = await formularyIds(ctx, ORDERS.flat());
  // Since yesterday morning, on the facility's clock.
  const { date } = facilityDay(new Date(now.getTime() - 24 * HOUR), tz);
  const startsAt = fromLocalDateTime(date, 6 * 60, tz);
  let turn = 0;
  for (const [i, stay] of admitted.entries()) {
    for (const o of ORDERS[i] ?? []) {
      const stoppedAt = o.stoppedAfterHours
        ? new Date(startsAt.getTime() + o.stoppedAfterHours * HOUR)
        : null;
      const [order] = await ctx.db
        .insert(medicationOrders)
        .values({
          stayId: stay.id,
          patientId: stay.patientId,
          doctorId: stay.doctorId,
          medicine: o.medicine,
          ...(formulary.get(o.medicine) && o.unitsPerDose
            ? { medicineId: formulary.get(o.medicine), unitsPerDose: o.unitsPerDose }
            : {}),
          dose: o.dose,
          route: o.route,
          kind: o.kind,
          times: o.times ?? [],
          everyHours: o.everyHours ?? null,
          minIntervalHours: o.minIntervalHours ?? null,
          maxPerDay: o.maxPerDay ?? null,
          controlled: o.controlled ?? false,
          startsAt,
          // The medicines are chosen clear of the demo patients' allergies; should one match, the
          // order says it was ordered past the warning, as the API would have made the doctor confirm.
          acknowledgedAllergies: findAllergyConflicts([{ name: o.medicine }], stay.allergies ?? []).map(
            (c) => c.allergy,
          ),
          stoppedAt,
          stoppedBy: stoppedAt ? stay.doctorId : null,
          stopReason: stoppedAt ? 'No anaerobic cover needed: sputum culture came back' : null,
          createdAt: new Date(startsAt.getTime() - HOUR),
          updatedAt: stoppedAt ?? startsAt,
        })
        .returning({ id: medicationOrders.id });
      if (!order) continue;
      const given = (at: Date) => ({
        orderId: order.id,
        recordedAt: new Date(at.getTime() + 10 * 60_000),
        recordedBy: nurse.id,
        updatedAt: new Date(at.getTime() + 10 * 60_000),
      });
      if (o.kind === 'prn') {
        // Twice, the last four and a half hours ago.
        const doses = [now.getTime() - 10 * HOUR, now.getTime() - 4.5 * HOUR].map((at) => ({
          ...given(new Date(at)),
          scheduledFor: null,
          outcome: 'Given' as const,
          givenAt: new Date(at + 10 * 60_000),
        }));
        await ctx.db.insert(medicationAdministrations).values(doses);
        continue;
      }
      // Every dose more than two hours past is recorded; the latest are left due (or overdue).
      const past = scheduledDoses(
        {
          kind: o.kind,
          times: o.times ?? [],
          everyHours: o.everyHours ?? null,
          startsAt,
          endsAt: null,
          stoppedAt,
        },
        startsAt,
        new Date(now.getTime() - 2 * HOUR),
        tz,
      );
      const rows = past.map((at, n) => {
        turn += 1;
        const notGiven = n > 0 && !o.controlled && turn % 4 === 0 ? NOT_GIVEN[(turn / 4) % 2] : undefined;
        return {
          ...given(at),
          scheduledFor: at,
          outcome: notGiven?.outcome ?? ('Given' as const),
          reason: notGiven?.reason ?? null,
          givenAt: notGiven ? null : new Date(at.getTime() + 10 * 60_000),
          witnessId: o.controlled ? witness.id : null,
        };
      });
      if (rows.length > 0) await ctx.db.insert(medicationAdministrations).values(rows);
    }
  }
}
