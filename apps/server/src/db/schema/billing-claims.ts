import { CLAIM_STATUSES, REMITTANCE_OUTCOMES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './auth';
import { charges, coverages, kobo, payers } from './billing';
import { createdAt, id, updatedAt } from './columns';
import { stays } from './stays';

export const claimStatus = pgEnum('claim_status', CLAIM_STATUSES);
export const remittanceOutcome = pgEnum('remittance_outcome', REMITTANCE_OUTCOMES);

/**
 * A claim to NHIA or an HMO for its covered charges of a period (docs/areas/billing-claims.md):
 * a draft while the cashier reviews it, frozen once submitted, settled as the payer's
 * remittance arrives. Its totals are kept with it (the list shows them without summing lines).
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    /** CLM-YYYY-NNNNNN, from the yearly sequence 'claim'. */
    number: text().notNull(),
    payerId: uuid()
      .notNull()
      .references(() => payers.id, { onDelete: 'restrict' }),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    status: claimStatus().notNull().default('draft'),
    lineCount: integer().notNull().default(0),
    flaggedCount: integer().notNull().default(0),
    totalClaimed: kobo().notNull().default(0),
    totalPaid: kobo().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }),
    submittedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('claims_number_unique').on(t.number),
    index('claims_payer_idx').on(t.payerId, t.periodFrom),
    index('claims_created_idx').on(t.createdAt),
    check('claims_period', sql`${t.periodTo} >= ${t.periodFrom}`),
    check('claims_submitted', sql`(${t.status} = 'draft') = (${t.submittedAt} is null)`),
    check('claims_totals', sql`${t.totalPaid} >= 0 and ${t.totalPaid} <= ${t.totalClaimed}`),
  ],
);

/**
 * One charge on a claim: the payer's share, with what the payer form asks of it (the member
 * number, the encounter's diagnosis, the pre-authorisation code) copied when generated and
 * correctable while the claim is a draft. A charge is on at most one live line (a denied line is
 * not live: its charge may be resubmitted, on a line that names it).
 */
export const claimLines = pgTable(
  'claim_lines',
  {
    id: id(),
    claimId: uuid()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    chargeId: uuid()
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    coverageId: uuid()
      .notNull()
      .references(() => coverages.id, { onDelete: 'restrict' }),
    memberNumber: text().notNull(),
    /** The encounter: the appointment or the stay, or neither (other care, grouped by patient and day). */
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'restrict' }),
    stayId: uuid().references(() => stays.id, { onDelete: 'restrict' }),
    careDate: date({ mode: 'string' }).notNull(),
    quantity: integer().notNull(),
    unitPrice: kobo().notNull(),
    /** The charge's payer share: what the line claims. */
    amount: kobo().notNull(),
    diagnosisCode: text(),
    diagnosisTitle: text(),
    preauthRequired: boolean().notNull().default(false),
    preauthCode: text(),
    outcome: remittanceOutcome(),
    paidAmount: kobo(),
    denialReason: text(),
    remittedAt: timestamp({ withTimezone: true }),
    remittedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** The denied line this one resubmits. */
    resubmitsLineId: uuid().references((): AnyPgColumn => claimLines.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A charge is on one live line at most, whatever the requests racing (generation skips it).
    uniqueIndex('claim_lines_charge_live')
      .on(t.chargeId)
      .where(sql`${t.outcome} is null or ${t.outcome} <> 'denied'`),
    // A denied line is resubmitted once.
    uniqueIndex('claim_lines_resubmits_unique').on(t.resubmitsLineId),
    index('claim_lines_claim_idx').on(t.claimId, t.patientId, t.careDate),
    index('claim_lines_patient_idx').on(t.patientId),
    check('claim_lines_amount', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
    check('claim_lines_diagnosis', sql`(${t.diagnosisCode} is null) = (${t.diagnosisTitle} is null)`),
    check(
      'claim_lines_remittance',
      sql`(${t.outcome} is null and ${t.paidAmount} is null and ${t.remittedAt} is null and ${t.denialReason} is null)
        or (${t.outcome} = 'paid' and ${t.paidAmount} = ${t.amount} and ${t.remittedAt} is not null and ${t.denialReason} is null)
        or (${t.outcome} = 'part-paid' and ${t.paidAmount} > 0 and ${t.paidAmount} < ${t.amount} and ${t.remittedAt} is not null and ${t.denialReason} is null)
        or (${t.outcome} = 'denied' and ${t.paidAmount} = 0 and ${t.remittedAt} is not null and length(trim(${t.denialReason})) > 0)`,
    ),
  ],
);
