import {
  allergyOverrideNote,
  type BatchOption,
  DISPENSING_MESSAGES,
  type DispensedItem,
  type DispensingPrescription,
  durationLabel,
  formatInstant,
  type LineSupply,
  medicineLabel,
} from '@carepoint/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
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
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { iso, isoOrNull } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { batchesInDate, type InDateBatch, mainStoreCached } from '../pharmacy-stock';

/*
 * Reading a prescription as the pharmacy works it: its lines with what was supplied of each (the
 * medicine, the course, handed over, owed), the items handed over, and the batches each line's
 * medicine has in the main store in date, expiring first on top (FEFO).
 */

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const pharmacist = alias(users, 'pharmacist');

type FormularyMedicine = LineSupply['medicine'];

/** A formulary medicine as the dispensing screen names it. */
export const formularyMedicine = (
  row: Pick<typeof medicines.$inferSelect, 'id' | 'genericName' | 'strength' | 'form' | 'dispensingUnit'>,
): FormularyMedicine => ({
  id: row.id,
  label: medicineLabel(row),
  dispensingUnit: row.dispensingUnit,
});

/** Formulary medicines as the dispensing screen names them, by id: those `known` lacks are read. */
async function formularyMedicines(
  db: Executor,
  ids: readonly string[],
  known: ReadonlyMap<string, FormularyMedicine> = new Map(),
) {
  const byId = new Map([...known].filter(([id]) => ids.includes(id)));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length === 0) return byId;
  const rows = await db.select().from(medicines).where(inArray(medicines.id, missing));
  for (const row of rows) byId.set(row.id, formularyMedicine(row));
  return byId;
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

/** What the pharmacy supplied of a line: the medicine given, the course, handed over and owed. */
export const lineSupply = (
  row: { quantityPrescribed: number; quantityDispensed: number; substitutionReason: string | null },
  medicine: FormularyMedicine,
): LineSupply => ({
  medicine,
  quantityPrescribed: row.quantityPrescribed,
  quantityDispensed: row.quantityDispensed,
  owed: row.quantityPrescribed - row.quantityDispensed,
  substitutionReason: row.substitutionReason,
});

/**
 * What the pharmacy supplied of each of these prescription lines (null: not dispensed yet), by
 * line id: the prescription's screens (doctor and patient) show it beside each medicine.
 */
export async function suppliesOf(
  db: Executor,
  lineIds: readonly string[],
  known: ReadonlyMap<string, LineSupply> = new Map(),
): Promise<Map<string, LineSupply>> {
  const supplies = new Map([...known].filter(([id]) => lineIds.includes(id)));
  const missing = lineIds.filter((id) => !supplies.has(id));
  if (missing.length === 0) return supplies;
  const rows = await db
    .select({
      lineId: dispenseLines.prescriptionMedicineId,
      quantityPrescribed: dispenseLines.quantityPrescribed,
      quantityDispensed: dispenseLines.quantityDispensed,
      substitutionReason: dispenseLines.substitutionReason,
      medicine: {
        id: medicines.id,
        genericName: medicines.genericName,
        strength: medicines.strength,
        form: medicines.form,
        dispensingUnit: medicines.dispensingUnit,
      },
    })
    .from(dispenseLines)
    .innerJoin(medicines, eq(medicines.id, dispenseLines.medicineId))
    .where(inArray(dispenseLines.prescriptionMedicineId, missing));
  for (const row of rows) supplies.set(row.lineId, lineSupply(row, formularyMedicine(row.medicine)));
  return supplies;
}

/** A batch as the pharmacist chooses it (the contract's shape: not its unit cost). */
const batchOption = ({ id, batchNumber, expiryDate, onHand }: InDateBatch): BatchOption => ({
  id,
  batchNumber,
  expiryDate,
  onHand,
});

/**
 * The in-date batches of these medicines in the main store, by medicine, FEFO first, as the
 * pharmacist chooses them. `known`: the medicines' batches the caller holds already (a dispense's,
 * as they stand after it), so only the others are read.
 */
export async function batchOptions(
  ctx: ServiceContext,
  medicineIds: readonly string[],
  known: ReadonlyMap<string, readonly InDateBatch[]> = new Map(),
): Promise<Map<string, BatchOption[]>> {
  const missing = medicineIds.filter((id) => !known.has(id));
  const read =
    missing.length === 0
      ? new Map<string, InDateBatch[]>()
      : await batchesInDate(
          ctx.db,
          (await mainStoreCached(ctx)).id,
          missing,
          facilityDate(ctx.now(), ctx.config.TIME_ZONE),
        );
  return new Map(medicineIds.map((id) => [id, (known.get(id) ?? read.get(id) ?? []).map(batchOption)]));
}

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

/** When the patient was first counselled on this prescription (null: not yet). */
const firstCounselledAt = sql<Date | null>`(select min(${dispenses.dispensedAt}) from ${dispenses}
  where ${dispenses.prescriptionId} = ${prescriptions.id} and ${dispenses.counselled})`.mapWith(
  dispenses.dispensedAt,
);

/** The prescription, its patient (with allergies) and prescriber, and when the patient was counselled. */
const headerColumns = {
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
  counselledAt: firstCounselledAt,
};

/** The prescription's header and its lines in their order, in one read; 404 without it. */
export async function prescriptionWithLines(db: Executor, id: string) {
  const rows = await db
    .select({ header: headerColumns, line: prescriptionMedicines })
    .from(prescriptions)
    .innerJoin(patient, eq(patient.id, prescriptions.patientId))
    .innerJoin(doctor, eq(doctor.id, prescriptions.doctorId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, prescriptions.patientId))
    .leftJoin(prescriptionMedicines, eq(prescriptionMedicines.prescriptionId, prescriptions.id))
    .where(eq(prescriptions.id, id))
    .orderBy(asc(prescriptionMedicines.position));
  const [first] = rows;
  if (!first) throw notFoundWith(DISPENSING_MESSAGES.prescriptionNotFound);
  return { header: first.header, lines: rows.flatMap((row) => (row.line ? [row.line] : [])) };
}

type PrescriptionLine = typeof prescriptionMedicines.$inferSelect;
type Header = Awaited<ReturnType<typeof prescriptionWithLines>>['header'];

/**
 * What a dispense read already, so its answer does not read it again: the header and the
 * prescription's lines (a dispense changes neither), what its lines' supply rows hold after it,
 * the formulary medicines it named, and the main store's in-date batches of its medicines as they
 * stand after it.
 */
export interface KnownForView {
  header: Header;
  lines: readonly PrescriptionLine[];
  supplies: ReadonlyMap<string, LineSupply>;
  medicines: ReadonlyMap<string, FormularyMedicine>;
  batches: ReadonlyMap<string, readonly InDateBatch[]>;
}

/** The prescription as the dispensing screen shows it (no audit row: callers audit). */
export async function dispensingView(
  ctx: ServiceContext,
  id: string,
  known?: KnownForView,
): Promise<DispensingPrescription> {
  const [{ header, lines }, items] = await independentReads(ctx.db, [
    () => (known ? Promise.resolve(known) : prescriptionWithLines(ctx.db, id)),
    () => itemsOf(ctx.db, id),
  ]);
  const [supplies, prescribed] = await independentReads(ctx.db, [
    () =>
      suppliesOf(
        ctx.db,
        lines.map((line) => line.id),
        known?.supplies,
      ),
    () =>
      formularyMedicines(
        ctx.db,
        lines.flatMap((line) => (line.medicineId ? [line.medicineId] : [])),
        known?.medicines,
      ),
  ]);
  // Each line's batches are those of the medicine given (once dispensed) or else the one prescribed.
  const medicineOf = (line: PrescriptionLine) =>
    supplies.get(line.id)?.medicine.id ?? line.medicineId ?? null;
  const batches = await batchOptions(
    ctx,
    [...new Set(lines.flatMap((line) => medicineOf(line) ?? []))],
    known?.batches,
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
    counselledAt: isoOrNull(header.counselledAt),
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
