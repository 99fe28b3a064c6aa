import {
  formatBloodPressure,
  formatMinutes,
  PATIENT_CSV_COLUMNS,
  type PatientFilter,
  patientCsvFileName,
  toLocalDateTime,
} from '@carepoint/contract';
import { and, asc, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { selectOf } from '../../lib/list';
import { filterContext, type PatientRow, patientRows, toCard } from './patient-list';
import { patientConditions } from './queries';

/** The Patient List as a CSV file, streamed. */

/** Rows fetched per round trip while streaming: memory stays flat however many patients match. */
export const EXPORT_BATCH = 500;

/** "2030-01-07 09:00" in facility time. */
const facilityDateTime = (instant: Date, timeZone: string) => {
  const { date, minutes } = toLocalDateTime(instant, timeZone);
  return `${date} ${formatMinutes(minutes)}`;
};

/**
 * The list as the filter shows it, as CSV: every matching row in name order. Pages are read by
 * keyset (after the last row's name and id), never by OFFSET, so each batch costs the same and
 * the file is produced as it is read. The export itself is audited once, before the first row.
 */
export async function exportPatientsCsv(ctx: ServiceContext, filter: PatientFilter) {
  const filters = filterContext(ctx);
  const where = patientConditions(filters, filter);
  const zone = ctx.config.TIME_ZONE;
  const card = toCard(filters.today);
  await audit(ctx, { action: 'patients.export', entityType: 'patient', details: { filter } });

  async function* lines() {
    yield CSV_BOM + csvLine(PATIENT_CSV_COLUMNS);
    let after: { lastName: string; firstName: string; id: string } | null = null;
    for (;;) {
      const batch: PatientRow[] = await patientRows(
        ctx,
        and(
          where,
          after
            ? sql`(${users.lastName}, ${users.firstName}, ${users.id}) > (${after.lastName}, ${after.firstName}, ${after.id})`
            : undefined,
        ),
        selectOf(ctx.db),
      )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(EXPORT_BATCH);
      let chunk = '';
      for (const row of batch) {
        const c = card(row);
        chunk += csvLine([
          row.fullName,
          row.email,
          row.phone,
          row.dateOfBirth,
          c.age,
          row.address,
          row.bloodGroup,
          c.weight?.value,
          c.bloodPressure ? formatBloodPressure(c.bloodPressure.systolic, c.bloodPressure.diastolic) : null,
          c.bloodGlucose?.value,
          row.lastVisitedAt ? facilityDateTime(row.lastVisitedAt, zone) : null,
        ]);
      }
      if (chunk) yield chunk;
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { lastName: last.lastName, firstName: last.firstName, id: last.id };
    }
  }

  return { fileName: patientCsvFileName(filters.today), lines: lines() };
}
