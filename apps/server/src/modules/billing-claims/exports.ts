import {
  CLAIM_STATUS_LABELS,
  type ClaimEncounter,
  type ClaimSummary,
  formatNairaPlain,
} from '@carepoint/contract';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { CSV_BOM, type CsvCell, csvLine } from '../../lib/csv';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../facility';
import { auditPatients } from './audit';
import { claimSummary, encountersOf, linesOf } from './read';

/*
 * A claim as the payer's form asks for it: per encounter the enrollee (name, hospital file
 * number, member number), outpatient or inpatient, the days of care, the ICD-10 diagnosis and,
 * per service, the authorisation code, the service, quantity, unit price and amount claimed
 * (the columns of the NHIS claim form and of HMO claim sheets; docs/areas/billing-claims.md).
 */

const CLAIM_CSV_HEADER = [
  'Claim number',
  'Payer',
  'Payer code',
  'Enrollee name',
  'Hospital file no.',
  'Member number',
  'Encounter type',
  'Date of care',
  'Admission/attendance date',
  'Discharge date',
  'Diagnosis (ICD-10)',
  'Diagnosis description',
  'Authorisation code',
  'Service code',
  'Service',
  'Quantity',
  'Unit price (NGN)',
  'Amount claimed (NGN)',
  'Outcome',
  'Amount paid (NGN)',
  'Denial reason',
] as const;

/** Kobo as naira with two decimals and no separators, as a spreadsheet sums it. */
const naira = (kobo: number | null) => (kobo === null ? '' : (kobo / 100).toFixed(2));

function* csvRows(claim: ClaimSummary, encounters: readonly ClaimEncounter[]): Generator<CsvCell[]> {
  for (const e of encounters)
    for (const line of e.lines)
      yield [
        claim.number,
        claim.payer.name,
        claim.payer.code,
        e.patient.name,
        e.patient.recordNumber,
        e.memberNumber,
        e.kind === 'inpatient' ? 'Inpatient' : 'Outpatient',
        line.careDate,
        e.from,
        e.kind === 'inpatient' ? e.to : '',
        e.diagnosis?.code,
        e.diagnosis?.title,
        line.preauthCode,
        line.service.code,
        line.service.name,
        line.quantity,
        naira(line.unitPrice),
        naira(line.amount),
        line.outcome,
        naira(line.paidAmount),
        line.denialReason,
      ];
}

async function exportOf(ctx: ServiceContext, id: string, format: 'csv' | 'pdf') {
  const claim = await claimSummary(ctx.db, id);
  const encounters = encountersOf(await linesOf(ctx.db, id));
  // A file with the patients' care leaves the system: recorded for each of them.
  await ctx.db.transaction((tx) => auditPatients(inTransaction(ctx, tx), id, 'claim.export', { format }));
  return { claim, encounters };
}

/** The claim as CSV, one row per line (lib/csv: RFC 4180, formulas defused, a BOM). */
export async function claimCsv(ctx: ServiceContext, id: string) {
  const { claim, encounters } = await exportOf(ctx, id, 'csv');
  function* lines() {
    yield CSV_BOM + csvLine(CLAIM_CSV_HEADER);
    for (const row of csvRows(claim, encounters)) yield csvLine(row);
  }
  return { fileName: `${claim.number}.csv`, lines: lines() };
}

/** The claim as a printable A4 document: the claim's heading, then each encounter and its services. */
export async function claimPdf(ctx: ServiceContext, id: string) {
  const { claim, encounters } = await exportOf(ctx, id, 'pdf');
  const pdf = new PdfBuilder(`Claim ${claim.number}`, await readFacility(ctx)).fields([
    ['Payer', claim.payer.code ? `${claim.payer.name} (${claim.payer.code})` : claim.payer.name],
    ['Period', `${claim.periodFrom} to ${claim.periodTo}`],
    ['Status', CLAIM_STATUS_LABELS[claim.status]],
    ['Encounters', String(encounters.length)],
    ['Lines', String(claim.lineCount)],
  ]);
  for (const e of encounters) {
    pdf
      .heading(`${e.patient.name} · ${e.patient.recordNumber ?? ''} · member ${e.memberNumber}`)
      .fields([
        ['Encounter', e.kind === 'inpatient' ? `Inpatient, ${e.from} to ${e.to}` : `Outpatient, ${e.from}`],
        ['Diagnosis (ICD-10)', e.diagnosis ? `${e.diagnosis.code} ${e.diagnosis.title}` : 'Not coded'],
      ])
      .table(
        [
          { header: 'Date', width: 0.14 },
          { header: 'Service', width: 0.34 },
          { header: 'Auth. code', width: 0.14 },
          { header: 'Qty', width: 0.08, align: 'right' },
          { header: 'Unit price', width: 0.15, align: 'right' },
          { header: 'Amount', width: 0.15, align: 'right' },
        ],
        e.lines.map((l) => [
          l.careDate,
          l.service.code ? `${l.service.code} ${l.service.name}` : l.service.name,
          l.preauthCode ?? '',
          String(l.quantity),
          formatNairaPlain(l.unitPrice),
          formatNairaPlain(l.amount),
        ]),
      );
  }
  pdf.totals([
    ['Total claimed', formatNairaPlain(claim.totalClaimed)],
    ['Paid so far', formatNairaPlain(claim.totalPaid)],
  ]);
  return { fileName: `${claim.number}.pdf`, bytes: await pdf.finish() };
}
