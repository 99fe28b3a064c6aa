import {
  ageInDays,
  applicableRange,
  type LabOrderHead,
  type LabRangeShown,
  type LabResult,
  type LabResultLine,
} from '@carepoint/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { labOrders, labResults, labSpecimens, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { fullNameOf } from '../../lib/people';
import { rangesOf, requiredTests } from './order-tests';

/*
 * How an order reads on every screen (the scientist's sheet, the doctor's chart): its head, its
 * live specimen, and per test the range for the patient and the versions of its value.
 */

const enterer = alias(users, 'enterer');
const verifier = alias(users, 'verifier');

/** Every version of the results of these orders, newest first per test. */
export async function resultVersions(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      row: labResults,
      enteredByName: fullNameOf(enterer),
      verifiedByName: fullNameOf(verifier),
    })
    .from(labResults)
    .leftJoin(enterer, eq(enterer.id, labResults.enteredBy))
    .leftJoin(verifier, eq(verifier.id, labResults.verifiedBy))
    .where(inArray(labResults.orderId, [...orderIds]))
    .orderBy(asc(labResults.testId), desc(labResults.version));
}
type VersionRow = Awaited<ReturnType<typeof resultVersions>>[number];

export const storedValue = (row: {
  valueQuantity: number | null;
  valueText: string | null;
}): number | string => row.valueQuantity ?? row.valueText ?? '';

function toLabResult({ row, enteredByName, verifiedByName }: VersionRow): LabResult {
  return {
    id: row.id,
    version: row.version,
    value: storedValue(row),
    unit: row.unit,
    interpretation: row.interpretation,
    rangeLow: row.rangeLow,
    rangeHigh: row.rangeHigh,
    status: row.status,
    source: row.source,
    enteredBy: row.enteredBy && enteredByName ? { id: row.enteredBy, name: enteredByName } : null,
    enteredAt: row.enteredAt.toISOString(),
    verifiedBy: row.verifiedBy && verifiedByName ? { id: row.verifiedBy, name: verifiedByName } : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    correctionReason: row.correctionReason,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    sharedWithPatient: row.sharedWithPatient,
  };
}

const requester = alias(users, 'requester');
const patient = alias(users, 'patient');

/** Orders' heads with the patient and the requester, and each order's specimen that is not rejected. */
export function orderRows(db: Executor) {
  return db
    .select({
      order: labOrders,
      requesterName: fullNameOf(requester),
      patientName: fullNameOf(patient),
      patientRecordNumber: patient.recordNumber,
      patientSex: patient.gender,
      patientDateOfBirth: patient.dateOfBirth,
      specimen: {
        id: labSpecimens.id,
        accession: labSpecimens.accession,
        collectedAt: labSpecimens.collectedAt,
        receivedAt: labSpecimens.receivedAt,
      },
    })
    .from(labOrders)
    .innerJoin(requester, eq(requester.id, labOrders.requesterId))
    .innerJoin(patient, eq(patient.id, labOrders.patientId))
    .leftJoin(labSpecimens, and(eq(labSpecimens.orderId, labOrders.id), isNull(labSpecimens.rejectedAt)));
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['where']>>[number];

/** An order as the screens show it: per test its range for this patient, its current value and the ones corrected. */
export async function orderHead(
  ctx: ServiceContext,
  row: OrderRow,
  versions: VersionRow[],
): Promise<LabOrderHead> {
  const needed = await requiredTests(ctx.db, row.order.id);
  const ranges = await rangesOf(
    ctx.db,
    needed.map((n) => n.test.id),
  );
  const ageDays = ageInDays(row.patientDateOfBirth, facilityDate(ctx.now(), ctx.config.TIME_ZONE));
  const lines: LabResultLine[] = needed.map(({ test, panel }) => {
    const mine = versions.filter((v) => v.row.specimenId === row.specimen?.id && v.row.testId === test.id);
    const current = mine.find((v) => v.row.supersededAt === null);
    const range = applicableRange(ranges.get(test.id) ?? [], { sex: row.patientSex, ageDays });
    return {
      test: {
        id: test.id,
        code: test.code,
        name: test.name,
        loincCode: test.loincCode,
        resultType: test.resultType ?? 'text',
        unit: test.unit,
        decimals: test.decimals,
        choices: test.choices,
        abnormalChoices: test.abnormalChoices,
      },
      panel,
      range: test.resultType === 'quantity' && range ? shownRange(range) : null,
      current: current ? toLabResult(current) : null,
      previous: mine.filter((v) => v.row.supersededAt !== null).map(toLabResult),
    };
  });
  return {
    id: row.order.id,
    state: row.order.state,
    priority: row.order.priority,
    clinicalNote: row.order.clinicalNote,
    orderedAt: row.order.createdAt.toISOString(),
    requester: { id: row.order.requesterId, name: row.requesterName },
    specimen: row.specimen
      ? {
          id: row.specimen.id,
          accession: row.specimen.accession,
          collectedAt: row.specimen.collectedAt.toISOString(),
          receivedAt: row.specimen.receivedAt?.toISOString() ?? null,
        }
      : null,
    lines,
  };
}

const shownRange = (r: LabRangeShown): LabRangeShown => ({
  low: r.low,
  high: r.high,
  criticalLow: r.criticalLow,
  criticalHigh: r.criticalHigh,
});
