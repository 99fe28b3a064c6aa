import {
  allergyOverrideNote,
  DISPENSING_MESSAGES,
  type DispensedItem,
  type DispensingPrescription,
  durationLabel,
  formatInstant,
  type LineSupply,
  medicineLabel,
} from '@carepoint/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  dispenseItems,
  dispenseLines,
  dispenses,
  medicines,
  patientMedicalDetails,
  prescriptionMedicines,
  prescriptions,
  stockBatches,
  stores,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { iso, isoOrNull } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { batchesInDate as inDateBatches } from '../pharmacy-stock';

/*
 * Reading a prescription as the pharmacy works it: its lines with what was supplied of each (the
 * medicine, the course, handed over, owed), the items handed over, and the batches each line's
 * medicine has in the main store in date, expiring first on top (FEFO).
 */

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const pharmacist = alias(users, 'pharmacist');

/** The main pharmacy (its id and name): dispensing takes stock from it only. */
export async function mainStore(db: Executor): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.kind, 'main'));
  if (!row) throw new Error('no main store');
  return row;
}

/** Formulary medicines as the dispensing screen names them, by id. */
async function formularyMedicines(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, LineSupply['medicine']>();
  const rows = await db
    .select()
    .from(medicines)
    .where(inArray(medicines.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, label: medicineLabel(row), dispensingUnit: row.dispensingUnit },
    ]),
  );
}

/** "1 tablet · Three times daily · After Meal · 7 Days · with water": how to take it, as the label prints it. */
export const instructionsOf = (line: {
  dosage: string;
  interval: string;
  time: string;
  durationDays: number;
  comment: string | null;
}) =>
  [line.dosage, line.interval, line.time, durationLabel(line.durationDays), line.comment]
    .filter((part): part is string => Boolean(part))
    .join(' · ');

const supplyOf = (row: {
  quantityPrescribed: number;
  quantityDispensed: number;
  substitutionReason: string | null;
  medicineId: string;
  genericName: string;
  strength: string;
  form: string;
  dispensingUnit: string;
}): LineSupply => ({
  medicine: { id: row.medicineId, label: medicineLabel(row), dispensingUnit: row.dispensingUnit },
  quantityPrescribed: row.quantityPrescribed,
  quantityDispensed: row.quantityDispensed,
  owed: row.quantityPrescribed - row.quantityDispensed,
  substitutionReason: row.substitutionReason,
});

/**
 * What the pharmacy supplied of each of these prescription lines (null: not dispensed yet), by
 * line id: the prescription's screens (doctor and patient) show it beside each medicine.
 */
export async function suppliesOf(db: Executor, lineIds: readonly string[]): Promise<Map<string, LineSupply>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({
      lineId: dispenseLines.prescriptionMedicineId,
      quantityPrescribed: dispenseLines.quantityPrescribed,
      quantityDispensed: dispenseLines.quantityDispensed,
      substitutionReason: dispenseLines.substitutionReason,
      medicineId: medicines.id,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
      dispensingUnit: medicines.dispensingUnit,
    })
    .from(dispenseLines)
    .innerJoin(medicines, eq(medicines.id, dispenseLines.medicineId))
    .where(inArray(dispenseLines.prescriptionMedicineId, [...lineIds]));
  return new Map(rows.map((row) => [row.lineId, supplyOf(row)]));
}

/**
 * The in-date batches of these medicines in the main store, by medicine, FEFO first. `storeId`:
 * the main store's id when the caller has read it already.
 */
export const batchesInDate = async (
  db: Executor,
  medicineIds: readonly string[],
  today: string,
  storeId?: string,
) => inDateBatches(db, storeId ?? (await mainStore(db)).id, medicineIds, today);

async function itemsOf(db: Executor, prescriptionId: string) {
  const rows = await db
    .select({
      lineId: dispenseLines.prescriptionMedicineId,
      id: dispenseItems.id,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      quantity: dispenseItems.quantity,
      overrideReason: dispenseItems.overrideReason,
      dispensedAt: dispenses.dispensedAt,
      pharmacistId: pharmacist.id,
      pharmacistName: fullNameOf(pharmacist),
    })
    .from(dispenseItems)
    .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
    .innerJoin(dispenseLines, eq(dispenseLines.id, dispenseItems.dispenseLineId))
    .innerJoin(medicines, eq(medicines.id, dispenseLines.medicineId))
    .innerJoin(stockBatches, eq(stockBatches.id, dispenseItems.batchId))
    .innerJoin(pharmacist, eq(pharmacist.id, dispenses.dispensedBy))
    .where(eq(dispenses.prescriptionId, prescriptionId))
    .orderBy(asc(dispenses.dispensedAt), asc(stockBatches.expiryDate), asc(dispenseItems.id));
  const byLine = new Map<string, DispensedItem[]>();
  for (const row of rows) {
    const list = byLine.get(row.lineId) ?? [];
    list.push({
      id: row.id,
      medicine: medicineLabel(row),
      batchNumber: row.batchNumber,
      expiryDate: row.expiryDate,
      quantity: row.quantity,
      overrideReason: row.overrideReason,
      dispensedAt: iso(row.dispensedAt),
      dispensedBy: { id: row.pharmacistId, name: row.pharmacistName },
    });
    byLine.set(row.lineId, list);
  }
  return byLine;
}

/** The prescription, its patient (with allergies) and prescriber, or 404. */
export async function prescriptionHeader(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: prescriptions.id,
      patientId: prescriptions.patientId,
      doctorId: prescriptions.doctorId,
      active: prescriptions.status,
      createdAt: prescriptions.createdAt,
      acknowledgedAllergies: prescriptions.acknowledgedAllergies,
      allergiesAcknowledgedAt: prescriptions.allergiesAcknowledgedAt,
      updatedAt: prescriptions.updatedAt,
      patientName: fullNameOf(patient),
      recordNumber: patient.recordNumber,
      dateOfBirth: patient.dateOfBirth,
      allergies: patientMedicalDetails.allergies,
      doctorName: fullNameOf(doctor),
    })
    .from(prescriptions)
    .innerJoin(patient, eq(patient.id, prescriptions.patientId))
    .innerJoin(doctor, eq(doctor.id, prescriptions.doctorId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, prescriptions.patientId))
    .where(eq(prescriptions.id, id));
  if (!row) throw notFoundWith(DISPENSING_MESSAGES.prescriptionNotFound);
  return row;
}

type Header = Awaited<ReturnType<typeof prescriptionHeader>>;

/**
 * The prescription as the dispensing screen shows it (no audit row: callers audit). `known`: what
 * the caller read already (a dispense answers with the header and the main store it read before
 * it wrote, neither of which a dispense changes), so it is not read twice.
 */
export async function dispensingView(
  ctx: ServiceContext,
  id: string,
  known: { header?: Header; storeId?: string } = {},
): Promise<DispensingPrescription> {
  const { header: knownHeader } = known;
  const [header, lines, items, counselled] = await independentReads(ctx.db, [
    () => (knownHeader ? Promise.resolve(knownHeader) : prescriptionHeader(ctx.db, id)),
    () =>
      ctx.db
        .select()
        .from(prescriptionMedicines)
        .where(eq(prescriptionMedicines.prescriptionId, id))
        .orderBy(asc(prescriptionMedicines.position)),
    () => itemsOf(ctx.db, id),
    async () => {
      const [first] = await ctx.db
        .select({ at: dispenses.dispensedAt })
        .from(dispenses)
        .where(and(eq(dispenses.prescriptionId, id), eq(dispenses.counselled, true)))
        .orderBy(asc(dispenses.dispensedAt))
        .limit(1);
      return first;
    },
  ]);
  const [supplies, prescribed] = await independentReads(ctx.db, [
    () =>
      suppliesOf(
        ctx.db,
        lines.map((line) => line.id),
      ),
    () =>
      formularyMedicines(
        ctx.db,
        lines.flatMap((line) => (line.medicineId ? [line.medicineId] : [])),
      ),
  ]);
  // Each line's batches are those of the medicine given (once dispensed) or else the one prescribed.
  const medicineOf = (line: (typeof lines)[number]) =>
    supplies.get(line.id)?.medicine.id ?? line.medicineId ?? null;
  const medicineIds = [...new Set(lines.flatMap((line) => medicineOf(line) ?? []))];
  const batches = await batchesInDate(
    ctx.db,
    medicineIds,
    facilityDate(ctx.now(), ctx.config.TIME_ZONE),
    known.storeId,
  );
  const timeZone = ctx.config.TIME_ZONE;
  return {
    id: header.id,
    patient: {
      id: header.patientId,
      name: header.patientName,
      recordNumber: header.recordNumber,
      allergies: header.allergies ?? [],
    },
    prescriber: { id: header.doctorId, name: `Dr ${header.doctorName}` },
    writtenAt: iso(header.createdAt),
    active: header.active,
    allergyOverride:
      header.acknowledgedAllergies.length > 0
        ? allergyOverrideNote(
            header.acknowledgedAllergies,
            `Dr ${header.doctorName}`,
            formatInstant(header.allergiesAcknowledgedAt ?? header.updatedAt, timeZone),
          )
        : null,
    lines: lines.map((line) => {
      const given = medicineOf(line);
      return {
        id: line.id,
        name: line.name,
        instructions: instructionsOf(line),
        prescribedMedicine: (line.medicineId && prescribed.get(line.medicineId)) || null,
        supply: supplies.get(line.id) ?? null,
        items: items.get(line.id) ?? [],
        batches: given ? (batches.get(given) ?? []) : [],
      };
    }),
    counselledAt: isoOrNull(counselled?.at ?? null),
  };
}

/** "11 capsules of Amoxicillin 500 mg Capsule owed". */
const owedText = (owed: number, supply: LineSupply) =>
  `${owed} ${supply.medicine.dispensingUnit}${owed === 1 ? '' : 's'} of ${supply.medicine.label} owed`;

/**
 * Where the pharmacy stands with each of these prescriptions, in a patient's words: "Not
 * dispensed", "Dispensed", or "Partly dispensed: 11 capsules of Amoxicillin 500 mg Capsule owed"
 * (the lists of prescriptions, the doctor's and the patient's).
 */
export async function pharmacyStatuses(db: Executor, prescriptionIds: readonly string[]) {
  const statuses = new Map<string, string>();
  if (prescriptionIds.length === 0) return statuses;
  const lines = await db
    .select({ id: prescriptionMedicines.id, prescriptionId: prescriptionMedicines.prescriptionId })
    .from(prescriptionMedicines)
    .where(inArray(prescriptionMedicines.prescriptionId, [...prescriptionIds]))
    .orderBy(asc(prescriptionMedicines.position));
  const supplies = await suppliesOf(
    db,
    lines.map((line) => line.id),
  );
  for (const id of prescriptionIds) {
    const own = lines.filter((line) => line.prescriptionId === id).map((line) => supplies.get(line.id));
    if (!own.some((supply) => supply && supply.quantityDispensed > 0)) statuses.set(id, 'Not dispensed');
    else if (own.every((supply) => supply && supply.owed === 0)) statuses.set(id, 'Dispensed');
    else {
      const owed = own.flatMap((supply) =>
        supply && supply.owed > 0 ? [owedText(supply.owed, supply)] : [],
      );
      const waiting = own.filter((supply) => !supply).length;
      if (waiting > 0)
        owed.push(`${waiting} more ${waiting === 1 ? 'medicine' : 'medicines'} not yet dispensed`);
      statuses.set(id, `Partly dispensed: ${owed.join('; ')}`);
    }
  }
  return statuses;
}
