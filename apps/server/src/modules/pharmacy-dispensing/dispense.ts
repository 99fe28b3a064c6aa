import {
  DISPENSING_MESSAGES,
  type DispenseData,
  type DispensingPrescription,
  formatDay,
  medicineLabel,
  PHARMACY_MESSAGES,
} from '@carepoint/contract';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dispenseItems, dispenseLines, dispenses, medicines, stockBatches } from '../../db/schema';
import { type AuditEntry, audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { violatedCheck } from '../../lib/db-errors';
import { badRequest, conflict, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { chargeDispensedItems } from '../billing';
import {
  batchesInDate,
  firstExpiryFirst,
  type InDateBatch,
  type Movement,
  mainStoreCached,
  move,
  publishStock,
} from '../pharmacy-stock';
import {
  dispensingView,
  formularyMedicine,
  type KnownForView,
  lineSupply,
  prescriptionWithLines,
} from './read';

/*
 * Dispensing a prescription (docs/areas/pharmacy-dispensing.md). In one transaction, for each line
 * handed over: its supply row (medicine and course, made at the first dispense) grows by a
 * conditional UPDATE, so no line is ever given more than its course (CHECK dispense_lines_dispensed);
 * the stock is taken from the main store through the ledger's one writer, from the batch expiring
 * first (FEFO) unless the pharmacist names another with a reason; each item gets its ledger row,
 * its label and its charge (docs/areas/billing-charges.md). An expired batch is refused by the ledger's trigger
 * (stock_movements_not_expired) whatever the service chose; two pharmacists taking the last pack
 * at once: the second gets move()'s 409.
 */

type LineInput = DispenseData['lines'][number];
type Medicine = typeof medicines.$inferSelect;

interface Take {
  line: LineInput;
  supplyId: string;
  medicine: Medicine;
  batchId: string;
  quantity: number;
  overrideReason: string | null;
}

const field = (index: number, name: string) => `lines.${index}.${name}`;

async function medicinesById(db: Executor, lines: readonly LineInput[]) {
  const ids = [...new Set(lines.map((line) => line.medicineId))];
  const rows = await db.select().from(medicines).where(inArray(medicines.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    const medicine = byId.get(line.medicineId);
    if (!medicine) throw badRequest(DISPENSING_MESSAGES.medicine, field(index, 'medicineId'));
    if (!medicine.active) throw badRequest(DISPENSING_MESSAGES.medicineInactive, field(index, 'medicineId'));
  });
  return byId;
}

/**
 * Hands over every line's quantity in one statement, and answers each line's supply row by line
 * id, as it stands after. A line's supply row (its medicine and course) is made by its first
 * dispense and is the same ever after: the upsert grows a row already there only while it names
 * the same medicine and course and stays within that course, so no line is ever given more than
 * its course (CHECK
 * dispense_lines_dispensed holds it too). The rows are written in line id order, so two
 * pharmacists dispensing the same prescription lock its lines in one order and never deadlock; the
 * second waits for the first and sees what it handed over.
 */
async function handOverLines(tx: Executor, prescriptionId: string, lines: readonly LineInput[], at: Date) {
  lines.forEach((line, index) => {
    // A first dispense above the course would break the CHECK: say how much is owed instead.
    if (line.quantity > line.quantityPrescribed)
      throw conflict(
        'DISPENSE_MORE_THAN_OWED',
        DISPENSING_MESSAGES.moreThanOwed(line.quantityPrescribed),
        field(index, 'quantity'),
      );
  });
  const ordered = [...lines].sort((a, b) => a.lineId.localeCompare(b.lineId));
  const was = sql.raw(`"${getTableName(dispenseLines)}"`);
  const handed = await tx
    .insert(dispenseLines)
    .values(
      ordered.map((line) => ({
        prescriptionId,
        prescriptionMedicineId: line.lineId,
        medicineId: line.medicineId,
        quantityPrescribed: line.quantityPrescribed,
        quantityDispensed: line.quantity,
        substitutionReason: line.substitutionReason || null,
      })),
    )
    .onConflictDoUpdate({
      target: dispenseLines.prescriptionMedicineId,
      set: {
        quantityDispensed: sql`${was}.quantity_dispensed + excluded.quantity_dispensed`,
        updatedAt: at,
      },
      setWhere: sql`${was}.medicine_id = excluded.medicine_id
        and ${was}.quantity_prescribed = excluded.quantity_prescribed
        and ${was}.quantity_dispensed + excluded.quantity_dispensed <= ${was}.quantity_prescribed`,
    })
    .returning({
      id: dispenseLines.id,
      lineId: dispenseLines.prescriptionMedicineId,
      quantityPrescribed: dispenseLines.quantityPrescribed,
      quantityDispensed: dispenseLines.quantityDispensed,
      substitutionReason: dispenseLines.substitutionReason,
    });
  const supplies = new Map(handed.map((row) => [row.lineId, row]));
  if (supplies.size < lines.length) await refuseHandOver(tx, lines, supplies);
  return supplies;
}

/** Why the first line the upsert left alone was refused: another medicine, another course, or more than is owed. */
async function refuseHandOver(
  tx: Executor,
  lines: readonly LineInput[],
  handed: ReadonlyMap<string, unknown>,
): Promise<never> {
  const index = lines.findIndex((line) => !handed.has(line.lineId));
  const line = lines[index];
  if (!line) throw new Error('no refused line');
  const [row] = await tx
    .select({
      medicineId: dispenseLines.medicineId,
      prescribed: dispenseLines.quantityPrescribed,
      dispensed: dispenseLines.quantityDispensed,
    })
    .from(dispenseLines)
    .where(eq(dispenseLines.prescriptionMedicineId, line.lineId));
  if (row && row.medicineId !== line.medicineId)
    throw conflict(
      'DISPENSE_MEDICINE_CHANGED',
      DISPENSING_MESSAGES.medicineChanged,
      field(index, 'medicineId'),
    );
  if (row && row.prescribed !== line.quantityPrescribed)
    throw conflict(
      'DISPENSE_PRESCRIBED_CHANGED',
      DISPENSING_MESSAGES.prescribedChanged,
      field(index, 'quantityPrescribed'),
    );
  throw conflict(
    'DISPENSE_MORE_THAN_OWED',
    DISPENSING_MESSAGES.moreThanOwed(row ? row.prescribed - row.dispensed : 0),
    field(index, 'quantity'),
  );
}

/**
 * Which batches a line's quantity comes from: the named batch (with its reason, when it is not the
 * first to expire), else the in-date batches of the main store in expiry order until the quantity
 * is met. Too little in date: 409 "Not enough stock", before anything is taken.
 */
async function batchesFor(
  tx: Executor,
  line: LineInput,
  medicine: Medicine,
  index: number,
  today: string,
  store: { name: string; inDate: Map<string, InDateBatch[]> },
): Promise<Array<{ batchId: string; quantity: number; overrideReason: string | null }>> {
  const storeName = store.name;
  const inDate = store.inDate.get(medicine.id) ?? [];
  if (line.batchId) {
    const chosen = inDate.find((batch) => batch.id === line.batchId);
    if (!chosen) await refuseBatch(tx, line.batchId, medicine, index, today, storeName);
    const first = inDate[0];
    if (first && first.id !== line.batchId && !line.overrideReason)
      throw badRequest(DISPENSING_MESSAGES.overrideReason, field(index, 'overrideReason'));
    return [
      {
        batchId: line.batchId,
        quantity: line.quantity,
        overrideReason: first?.id === line.batchId ? null : line.overrideReason || null,
      },
    ];
  }
  if (inDate.length === 0)
    throw conflict(
      'NOT_ENOUGH_STOCK',
      DISPENSING_MESSAGES.noStock(medicineLabel(medicine)),
      field(index, 'quantity'),
    );
  const takes = firstExpiryFirst(inDate, line.quantity);
  if (!takes)
    throw conflict(
      'NOT_ENOUGH_STOCK',
      PHARMACY_MESSAGES.notEnoughStock(medicineLabel(medicine), storeName),
      field(index, 'quantity'),
    );
  return takes.map((take) => ({ ...take, overrideReason: null }));
}

/**
 * A named batch that is not among the main store's in-date batches: another medicine's (400),
 * expired (409 with its date), or none left on the shelf (409).
 */
async function refuseBatch(
  tx: Executor,
  batchId: string,
  medicine: Medicine,
  index: number,
  today: string,
  storeName: string,
): Promise<never> {
  const [batch] = await tx
    .select({ batchNumber: stockBatches.batchNumber, expiryDate: stockBatches.expiryDate })
    .from(stockBatches)
    .where(and(eq(stockBatches.id, batchId), eq(stockBatches.medicineId, medicine.id)));
  if (!batch) throw badRequest(DISPENSING_MESSAGES.batchNotFound, field(index, 'batchId'));
  if (batch.expiryDate < today)
    throw conflict(
      'BATCH_EXPIRED',
      DISPENSING_MESSAGES.batchExpired(batch.batchNumber, formatDay(batch.expiryDate)),
      field(index, 'batchId'),
    );
  throw conflict(
    'NOT_ENOUGH_STOCK',
    PHARMACY_MESSAGES.notEnoughStock(medicineLabel(medicine), storeName),
    field(index, 'quantity'),
  );
}

/**
 * Every named line must be on the prescription; a medicine other than the formulary medicine the
 * doctor picked is a substitution, which needs its reason.
 */
function checkLines(
  prescription: ReadonlyArray<{ id: string; medicineId: string | null }>,
  lines: readonly LineInput[],
) {
  const prescribed = new Map(prescription.map((row) => [row.id, row.medicineId]));
  lines.forEach((line, index) => {
    if (!prescribed.has(line.lineId))
      throw badRequest(DISPENSING_MESSAGES.lineNotFound, field(index, 'lineId'));
    const picked = prescribed.get(line.lineId);
    if (picked && picked !== line.medicineId && !line.substitutionReason)
      throw badRequest(DISPENSING_MESSAGES.substitutionReason, field(index, 'substitutionReason'));
  });
}

/**
 * The main store's in-date batches of the dispensed medicines as they stand after the dispense:
 * each batch taken from at the balance the ledger wrote (read under its lock), gone when empty.
 */
function batchesAfter(
  inDate: ReadonlyMap<string, readonly InDateBatch[]>,
  balances: ReadonlyMap<string, number>,
): Map<string, InDateBatch[]> {
  return new Map(
    [...inDate].map(([medicineId, batches]) => [
      medicineId,
      batches.flatMap((batch) => {
        const onHand = balances.get(batch.id) ?? batch.onHand;
        return onHand > 0 ? [{ ...batch, onHand }] : [];
      }),
    ]),
  );
}

/**
 * POST /api/pharmacy/dispensing/prescriptions/:id: hands over (all or part of) the named lines,
 * records the counselling, and answers the prescription as the screen shows it. Audited in the
 * transaction; the queue, the prescriber's screens and the stock screens are told after it commits.
 */
export async function dispensePrescription(
  ctx: ServiceContext,
  prescriptionId: string,
  input: DispenseData,
): Promise<DispensingPrescription> {
  const actor = signedIn(ctx.actor);
  const store = await mainStoreCached(ctx);
  const now = ctx.now();
  const today = facilityDate(now, ctx.config.TIME_ZONE);
  let known: KnownForView;
  try {
    known = await ctx.db.transaction(async (tx) => {
      const { header, lines } = await prescriptionWithLines(tx, prescriptionId);
      if (!header.active) throw conflict('PRESCRIPTION_INACTIVE', DISPENSING_MESSAGES.inactive);
      checkLines(lines, input.lines);
      const byId = await medicinesById(tx, input.lines);
      // Every line's batches in one read; move() holds the stock rule whatever was read here.
      const inDate = await batchesInDate(tx, store.id, [...byId.keys()], today);
      const supplies = await handOverLines(tx, prescriptionId, input.lines, now);
      const takes: Take[] = [];
      for (const [index, line] of input.lines.entries()) {
        const medicine = byId.get(line.medicineId);
        const supplyId = supplies.get(line.lineId)?.id;
        if (!medicine || !supplyId) throw new Error('dispensed line not read');
        if (line.quantity === 0) continue;
        for (const take of await batchesFor(tx, line, medicine, index, today, { name: store.name, inDate }))
          takes.push({ ...take, line, supplyId, medicine });
      }
      // The stock first, so the dispense is written once, naming the ledger's operation.
      const moved = takes.length > 0 ? await takeStock(inTransaction(ctx, tx), store.id, takes) : null;
      const [dispense] = await tx
        .insert(dispenses)
        .values({
          prescriptionId,
          patientId: header.patientId,
          dispensedBy: actor.id,
          dispensedAt: now,
          counselled: input.counselled,
          operationId: moved?.operationId ?? null,
        })
        .returning({ id: dispenses.id });
      if (!dispense) throw new Error('dispense not written');
      const audited: AuditEntry = {
        action: 'dispensing.dispense',
        entityType: 'prescription',
        entityId: prescriptionId,
        patientId: header.patientId,
        details: {
          dispenseId: dispense.id,
          counselled: input.counselled,
          items: takes.map((take) => ({
            lineId: take.line.lineId,
            medicineId: take.medicine.id,
            batchId: take.batchId,
            quantity: take.quantity,
          })),
        },
      };
      if (moved) {
        const unitCosts = new Map([...inDate.values()].flat().map((batch) => [batch.id, batch.unitCost]));
        await writeItems(inTransaction(ctx, tx), dispense.id, header.patientId, moved.items, {
          unitCosts,
          audited,
        });
      } else await audit(inTransaction(ctx, tx), audited);
      const named = new Map([...byId].map(([id, row]) => [id, formularyMedicine(row)]));
      return {
        header: { ...header, counselledAt: header.counselledAt ?? (input.counselled ? now : null) },
        lines,
        supplies: new Map(
          input.lines.flatMap((line) => {
            const supply = supplies.get(line.lineId);
            const medicine = named.get(line.medicineId);
            return supply && medicine ? [[line.lineId, lineSupply(supply, medicine)] as const] : [];
          }),
        ),
        medicines: named,
        batches: batchesAfter(inDate, moved?.balances ?? new Map()),
      };
    });
  } catch (error) {
    const check = violatedCheck(error);
    if (check === 'stock_movements_not_expired') throw conflict('BATCH_EXPIRED', DISPENSING_MESSAGES.expired);
    if (check === 'dispense_lines_dispensed')
      throw conflict('DISPENSE_MORE_THAN_OWED', DISPENSING_MESSAGES.moreThanOwed(0));
    throw error;
  }
  // The queue and the prescriber's screens, and the stock screens (a dispense of nothing but
  // counselling makes them read the same), told together (one NOTIFY) while the answer is read.
  const [view] = await Promise.all([
    dispensingView(ctx, prescriptionId, known),
    ctx.publish('pharmacy', { doctorIds: [known.header.doctorId] }),
    publishStock(ctx),
  ]);
  return view;
}

/**
 * Takes the items' stock through the ledger's one writer (one operation) and pairs each take with
 * its ledger row.
 */
async function takeStock(ctx: ServiceContext, storeId: string, takes: readonly Take[]) {
  const movements: Movement[] = takes.map((take) => ({
    kind: 'dispense',
    storeId,
    batchId: take.batchId,
    quantity: -take.quantity,
  }));
  const moved = await move(ctx, movements);
  // move() writes in its own order (store, batch): each take finds its row by batch and quantity.
  const unused = [...moved.movements];
  const items = takes.map((take) => {
    const at = unused.findIndex((row) => row.batchId === take.batchId && row.quantity === -take.quantity);
    const [movement] = unused.splice(at, 1);
    if (at < 0 || !movement) throw new Error('ledger row of a dispensed item not found');
    return { take, movementId: movement.id };
  });
  // Each batch's balance after the dispense: its last (lowest) row's, when two lines took from it.
  const balances = new Map<string, number>();
  for (const row of moved.movements)
    balances.set(row.batchId, Math.min(row.balanceAfter, balances.get(row.batchId) ?? row.balanceAfter));
  return { operationId: moved.operationId, items, balances };
}

/**
 * Writes each item with its ledger row, and its charge at the patient's payer's price today, with
 * the dispense's audit row (`audited`). The markup bases are those the dispense read: the
 * medicine's formulary price and the batch's unit cost (`unitCosts`).
 */
async function writeItems(
  ctx: ServiceContext,
  dispenseId: string,
  patientId: string,
  rows: ReadonlyArray<{ take: Take; movementId: string }>,
  { unitCosts, audited }: { unitCosts: ReadonlyMap<string, number | null>; audited: AuditEntry },
) {
  // Each item names its own ledger row (unique), which finds its charge's item below.
  const items = await ctx.db
    .insert(dispenseItems)
    .values(
      rows.map(({ take, movementId }) => ({
        dispenseId,
        dispenseLineId: take.supplyId,
        batchId: take.batchId,
        movementId,
        quantity: take.quantity,
        overrideReason: take.overrideReason,
      })),
    )
    .returning({ id: dispenseItems.id, movementId: dispenseItems.movementId });
  const itemOf = new Map(items.map((item) => [item.movementId, item.id]));
  // Every item's charge at the patient's payer's price today, in one batch (billing/charges).
  await chargeDispensedItems(
    ctx,
    patientId,
    facilityDate(ctx.now(), ctx.config.TIME_ZONE),
    rows.map(({ take, movementId }) => {
      const id = itemOf.get(movementId);
      if (!id) throw new Error('dispense item not written');
      return {
        id,
        medicineId: take.medicine.id,
        batchId: take.batchId,
        quantity: take.quantity,
        bases: { formularyPrice: take.medicine.price, unitCost: unitCosts.get(take.batchId) ?? null },
      };
    }),
    [audited],
  );
}
