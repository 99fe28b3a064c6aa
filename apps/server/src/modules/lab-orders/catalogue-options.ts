import type { LabTestOption } from '@carepoint/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { labTests } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { search } from '../../lib/list';

/*
 * The active catalogue as the ordering dialog offers it (GET /api/lab/tests?search=). Read here,
 * beside ordering; the catalogue itself (its admin screens and API) is modules/lab-catalogue's.
 */

/** At most this many entries answer one search: the dialog shows a short list as the doctor types. */
const OPTIONS_SHOWN = 50;

export async function activeTestOptions(
  ctx: ServiceContext,
  term: string | undefined,
): Promise<LabTestOption[]> {
  return (
    ctx.db
      .select({
        id: labTests.id,
        code: labTests.code,
        name: labTests.name,
        loincCode: labTests.loincCode,
        kind: labTests.kind,
        specimenType: labTests.specimenType,
        container: labTests.container,
        turnaroundMinutes: labTests.turnaroundMinutes,
      })
      .from(labTests)
      .where(and(eq(labTests.active, true), search(term, [labTests.name, labTests.code, labTests.loincCode])))
      // Panels first (a full blood count before its members), then by name.
      .orderBy(sql`${labTests.kind} = 'panel' desc`, asc(labTests.name), asc(labTests.id))
      .limit(OPTIONS_SHOWN)
  );
}
