import type {
  CLAIM_SORTABLE,
  ClaimDetail,
  ClaimEncounter,
  ClaimLine,
  ClaimSummary,
  claimListQuerySchema,
} from '@carepoint/contract';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  billableServices,
  charges,
  claimLines,
  claims,
  labTests,
  medicines,
  payers,
  users,
} from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { iso, isoOrNull, listPage, matchingRows, orderBy, type SortColumns } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { LAB_TEST_OF_SERVICE, MEDICINE_OF_SERVICE, SERVICE_CODE, SERVICE_NAME } from '../billing';
import { auditPatients } from './audit';
import { notFoundClaim } from './claim-row';

type ListQuery = z.output<typeof claimListQuerySchema>;

const summaryColumns = {
  id: claims.id,
  number: claims.number,
  payerId: payers.id,
  payerName: payers.name,
  payerCode: payers.code,
  periodFrom: claims.periodFrom,
  periodTo: claims.periodTo,
  status: claims.status,
  lineCount: claims.lineCount,
  flaggedCount: claims.flaggedCount,
  totalClaimed: claims.totalClaimed,
  totalPaid: claims.totalPaid,
  createdAt: claims.createdAt,
  submittedAt: claims.submittedAt,
};
const summaryRows = (db: Executor) =>
  db.select(summaryColumns).from(claims).innerJoin(payers, eq(payers.id, claims.payerId));
type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number];

const toSummary = (row: SummaryRow): ClaimSummary => ({
  id: row.id,
  number: row.number,
  payer: { id: row.payerId, name: row.payerName, code: row.payerCode },
  periodFrom: row.periodFrom,
  periodTo: row.periodTo,
  status: row.status,
  lineCount: row.lineCount,
  flaggedCount: row.flaggedCount,
  totalClaimed: row.totalClaimed,
  totalPaid: row.totalPaid,
  createdAt: iso(row.createdAt),
  submittedAt: isoOrNull(row.submittedAt),
});

const SORT: SortColumns<(typeof CLAIM_SORTABLE)[number]> = {
  number: claims.number,
  period: [claims.periodFrom, claims.periodTo],
  status: claims.status,
  total: claims.totalClaimed,
  created: claims.createdAt,
};

/** The claims, newest first, a page at a time; searched by number or payer, filtered by status and payer. */
export async function listClaims(ctx: ServiceContext, query: ListQuery) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    query.status ? eq(claims.status, query.status) : undefined,
    query.payerId ? eq(claims.payerId, query.payerId) : undefined,
    pattern ? or(ilike(claims.number, pattern), ilike(payers.name, pattern)) : undefined,
  );
  return listPage(ctx, query, {
    rows: (select) =>
      select(summaryColumns).from(claims).innerJoin(payers, eq(payers.id, claims.payerId)).where(where),
    order: orderBy(query, SORT, [desc(claims.createdAt)], claims.id),
    count: matchingRows(ctx.db).from(claims).innerJoin(payers, eq(payers.id, claims.payerId)).where(where),
    map: toSummary,
  });
}

const patient = alias(users, 'claim_patient');
const resubmitted = alias(claimLines, 'resubmitted_line');
const resubmittedClaim = alias(claims, 'resubmitted_claim');
const original = alias(claimLines, 'original_line');
const originalClaim = alias(claims, 'original_claim');

/** A line's encounter: its appointment, its stay, or the patient's other covered care on that day. */
const encounterKey = (line: {
  appointmentId: string | null;
  stayId: string | null;
  patientId: string;
  careDate: string;
}) =>
  line.stayId
    ? `stay:${line.stayId}`
    : line.appointmentId
      ? `appointment:${line.appointmentId}`
      : `day:${line.patientId}:${line.careDate}`;

/** The claim's lines, in the order the payer's form lists them: patient, encounter, day. */
export async function linesOf(db: Executor, claimId: string) {
  return db
    .select({
      id: claimLines.id,
      chargeId: claimLines.chargeId,
      patientId: claimLines.patientId,
      patientName: fullNameOf(patient),
      recordNumber: patient.recordNumber,
      coverageId: claimLines.coverageId,
      memberNumber: claimLines.memberNumber,
      appointmentId: claimLines.appointmentId,
      stayId: claimLines.stayId,
      careDate: claimLines.careDate,
      quantity: claimLines.quantity,
      unitPrice: claimLines.unitPrice,
      amount: claimLines.amount,
      diagnosisCode: claimLines.diagnosisCode,
      diagnosisTitle: claimLines.diagnosisTitle,
      preauthRequired: claimLines.preauthRequired,
      preauthCode: claimLines.preauthCode,
      outcome: claimLines.outcome,
      paidAmount: claimLines.paidAmount,
      denialReason: claimLines.denialReason,
      remittedAt: claimLines.remittedAt,
      serviceCode: SERVICE_CODE,
      serviceName: sql<string>`coalesce(${SERVICE_NAME}, ${charges.description})`,
      resubmitsLineId: claimLines.resubmitsLineId,
      resubmitsClaimNumber: originalClaim.number,
      resubmittedInId: resubmittedClaim.id,
      resubmittedInNumber: resubmittedClaim.number,
    })
    .from(claimLines)
    .innerJoin(patient, eq(patient.id, claimLines.patientId))
    .innerJoin(charges, eq(charges.id, claimLines.chargeId))
    .leftJoin(billableServices, eq(billableServices.id, charges.serviceId))
    .leftJoin(labTests, LAB_TEST_OF_SERVICE)
    .leftJoin(medicines, MEDICINE_OF_SERVICE)
    .leftJoin(original, eq(original.id, claimLines.resubmitsLineId))
    .leftJoin(originalClaim, eq(originalClaim.id, original.claimId))
    .leftJoin(resubmitted, eq(resubmitted.resubmitsLineId, claimLines.id))
    .leftJoin(resubmittedClaim, eq(resubmittedClaim.id, resubmitted.claimId))
    .where(eq(claimLines.claimId, claimId))
    .orderBy(
      asc(sql`lower(${fullNameOf(patient)})`),
      asc(claimLines.patientId),
      asc(claimLines.careDate),
      asc(claimLines.id),
    );
}
export type ClaimLineRow = Awaited<ReturnType<typeof linesOf>>[number];

const toLine = (row: ClaimLineRow): ClaimLine => ({
  id: row.id,
  chargeId: row.chargeId,
  service: { code: row.serviceCode, name: row.serviceName },
  careDate: row.careDate,
  quantity: row.quantity,
  unitPrice: row.unitPrice,
  amount: row.amount,
  preauthRequired: row.preauthRequired,
  preauthCode: row.preauthCode,
  flags: [
    ...(row.preauthRequired && !row.preauthCode ? (['preauth'] as const) : []),
    ...(row.diagnosisCode ? [] : (['diagnosis'] as const)),
  ],
  outcome: row.outcome,
  paidAmount: row.paidAmount,
  denialReason: row.denialReason,
  remittedAt: isoOrNull(row.remittedAt),
  resubmits:
    row.resubmitsLineId && row.resubmitsClaimNumber
      ? { lineId: row.resubmitsLineId, claimNumber: row.resubmitsClaimNumber }
      : null,
  resubmittedIn:
    row.resubmittedInId && row.resubmittedInNumber
      ? { claimId: row.resubmittedInId, claimNumber: row.resubmittedInNumber }
      : null,
});

/** The lines grouped by encounter, in the lines' order. */
export function encountersOf(rows: readonly ClaimLineRow[]): ClaimEncounter[] {
  const byKey = new Map<string, ClaimEncounter>();
  for (const row of rows) {
    const key = encounterKey(row);
    let encounter = byKey.get(key);
    if (!encounter) {
      encounter = {
        key,
        kind: row.stayId ? 'inpatient' : 'outpatient',
        patient: { id: row.patientId, name: row.patientName, recordNumber: row.recordNumber },
        memberNumber: row.memberNumber,
        coverageId: row.coverageId,
        from: row.careDate,
        to: row.careDate,
        diagnosis: null,
        lines: [],
      };
      byKey.set(key, encounter);
    }
    if (row.careDate < encounter.from) encounter.from = row.careDate;
    if (row.careDate > encounter.to) encounter.to = row.careDate;
    if (!encounter.diagnosis && row.diagnosisCode && row.diagnosisTitle)
      encounter.diagnosis = { code: row.diagnosisCode, title: row.diagnosisTitle };
    encounter.lines.push(toLine(row));
  }
  return [...byKey.values()];
}

/** The claim's summary row; 404 when there is none. */
export async function claimSummary(db: Executor, id: string): Promise<ClaimSummary> {
  const [row] = await summaryRows(db).where(eq(claims.id, id));
  if (!row) throw notFoundClaim();
  return toSummary(row);
}

/** The claim with its encounters and lines, unaudited (the callers record the read or change). */
export async function readClaim(ctx: ServiceContext, id: string): Promise<ClaimDetail> {
  const summary = await claimSummary(ctx.db, id);
  return { ...summary, encounters: encountersOf(await linesOf(ctx.db, id)) };
}

/** The claim as the screen shows it, the read recorded for every patient on it. */
export async function getClaim(ctx: ServiceContext, id: string): Promise<ClaimDetail> {
  const detail = await readClaim(ctx, id);
  await ctx.db.transaction((tx) => auditPatients(inTransaction(ctx, tx), id, 'claim.read'));
  return detail;
}
