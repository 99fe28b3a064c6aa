import { STAY_MESSAGES } from '@carepoint/contract';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { summaryOf } from '../discharge-summaries';
import { openDoses } from '../medication-round';
import type { StayRow } from './store';

/*
 * What the nurse's Complete discharge asks of the other areas, for the stay locked in the
 * transaction: what must be done first (no confirmation overrides it), and what is still open
 * and needs the nurse to confirm they discharge anyway.
 */

/**
 * A discharge needs the doctor's signed discharge summary; a death is recorded with the death
 * report (Reports), dated during the stay, instead.
 */
export async function checkDischargeReady(ctx: ServiceContext, stay: StayRow, disposition: string) {
  if (disposition !== 'Died') {
    const summary = await summaryOf(ctx, stay.id);
    if (!summary?.signedAt)
      throw conflict('DISCHARGE_NOT_READY', STAY_MESSAGES.summaryRequired, 'disposition');
  } else {
    const since = facilityDate(stay.admittedAt ?? stay.createdAt, ctx.config.TIME_ZONE);
    const [death] = await ctx.db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(eq(reports.patientId, stay.patientId), eq(reports.kind, 'death'), gte(reports.occurredOn, since)),
      )
      .limit(1);
    if (!death) throw conflict('DEATH_REPORT_REQUIRED', STAY_MESSAGES.deathReportRequired, 'disposition');
  }
}

/**
 * What is still open: doses due up to now and not recorded, and investigations of the patient still
 * Pending or In Progress (results the team may still be waiting for).
 */
export async function openItems(ctx: ServiceContext, stay: StayRow) {
  const doses = await openDoses(ctx, stay.id);
  const results = await ctx.db.$count(
    reports,
    and(
      eq(reports.patientId, stay.patientId),
      eq(reports.kind, 'investigation'),
      inArray(reports.status, ['Pending', 'In Progress']),
    ),
  );
  return doses + results;
}
