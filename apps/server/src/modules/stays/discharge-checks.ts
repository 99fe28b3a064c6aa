import { STAY_MESSAGES } from '@carepoint/contract';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import type { StayRow } from './store';

/*
 * What the nurse's Complete discharge asks of the other areas, for the stay locked in the
 * transaction: what must be done first (no confirmation overrides it), and what is still open
 * and needs the nurse to confirm they discharge anyway.
 */

/** A death is recorded with the death report (Reports), dated during the stay, before the stay ends with it. */
export async function checkDischargeReady(ctx: ServiceContext, stay: StayRow, disposition: string) {
  if (disposition === 'Died') {
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

/** Investigations of the patient still Pending or In Progress: results the team may still be waiting for. */
export async function openItems(ctx: ServiceContext, stay: StayRow) {
  return ctx.db.$count(
    reports,
    and(
      eq(reports.patientId, stay.patientId),
      eq(reports.kind, 'investigation'),
      inArray(reports.status, ['Pending', 'In Progress']),
    ),
  );
}
