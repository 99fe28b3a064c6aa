import type { PatientResultPage } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { diagnosisTests } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { signedIn } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { listPage, matchingRows } from '../../lib/list';
import * as diagnosis from '../diagnosis';
import * as reports from '../reports';

/**
 * My Results: the diagnosis tests and reports about the signed-in patient that their doctor
 * chose to share, newest first. Nothing else is reachable here: every query is narrowed to the
 * caller's own shared records, so another patient's or an unshared one simply does not exist.
 */

/** GET /api/patient/results: a page of the caller's shared results. Audited with the ids shown. */
export async function listPatientResults(
  ctx: ServiceContext,
  query: { page: number; limit: number },
): Promise<PatientResultPage> {
  const me = signedIn(ctx.actor).id;
  const tests = diagnosis.sharedTestsOf(me);
  const page = await listPage(ctx, query, {
    rows: (select) =>
      unionAll(
        select({
          id: diagnosisTests.id,
          kind: sql<string>`'test'`.as('kind'),
          sortAt: sql<Date>`${diagnosisTests.createdAt}`.as('sort_at'),
        })
          .from(diagnosisTests)
          .where(tests),
        reports.patientReportRefs(ctx, me, select, true),
      ),
    order: [sql`sort_at desc`, sql`id desc`],
    count: unionAll(
      matchingRows(ctx.db).from(diagnosisTests).where(tests),
      reports.patientReportMatches(ctx, me, true),
    ),
    mapPage: async (refs) => {
      const ids = (test: boolean) => refs.filter((r) => (r.kind === 'test') === test).map((r) => r.id);
      const [testById, reportById] = await independentReads(ctx.db, [
        () => diagnosis.patientResultsByIds(ctx, me, ids(true)),
        () => reports.patientResultsByIds(ctx, me, ids(false)),
      ]);
      return refs.flatMap((r) => {
        const item = testById.get(r.id) ?? reportById.get(r.id);
        return item ? [item] : [];
      });
    },
  });
  await audit(ctx, {
    action: 'results.list',
    entityType: 'patient',
    entityId: me,
    patientId: me,
    details: { page: query.page, resultIds: page.data.map((r) => r.id) },
  });
  return page;
}

/** A file of one of the caller's shared reports (404 for any other), audited like the doctor's downloads. */
export const readSharedAttachment = (ctx: ServiceContext, id: string, disposition: 'attachment' | 'inline') =>
  reports.readAttachment(ctx, id, disposition, signedIn(ctx.actor).id);
