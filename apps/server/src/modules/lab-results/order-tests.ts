import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { labOrderTests, labPanelMembers, labReferenceRanges, labTests } from '../../db/schema';

/** A single test an order needs a value for: ordered itself, or as a member of an ordered panel. */
export interface RequiredTest {
  test: typeof labTests.$inferSelect;
  panel: { id: string; name: string } | null;
}

/**
 * The single tests an order asks for, a panel expanded to its members in the panel's order (a test
 * ordered both alone and in a panel is needed once, under its panel).
 */
export async function requiredTests(db: Executor, orderId: string): Promise<RequiredTest[]> {
  const ordered = await db
    .select({ test: labTests })
    .from(labOrderTests)
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .where(eq(labOrderTests.orderId, orderId))
    .orderBy(asc(labOrderTests.createdAt), asc(labTests.name));
  const panels = ordered.filter((o) => o.test.kind === 'panel').map((o) => o.test);
  const members =
    panels.length === 0
      ? []
      : await db
          .select({ panelId: labPanelMembers.panelId, test: labTests })
          .from(labPanelMembers)
          .innerJoin(labTests, eq(labTests.id, labPanelMembers.testId))
          .where(
            inArray(
              labPanelMembers.panelId,
              panels.map((p) => p.id),
            ),
          )
          .orderBy(asc(labPanelMembers.position));
  const seen = new Set<string>();
  const lines: RequiredTest[] = [];
  for (const { test } of ordered) {
    if (test.kind === 'panel') {
      for (const member of members.filter((m) => m.panelId === test.id)) {
        if (seen.has(member.test.id)) continue;
        seen.add(member.test.id);
        lines.push({ test: member.test, panel: { id: test.id, name: test.name } });
      }
    } else if (!seen.has(test.id) && !members.some((m) => m.test.id === test.id)) {
      seen.add(test.id);
      lines.push({ test, panel: null });
    }
  }
  return lines;
}

/** The reference ranges of these tests, by test. */
export async function rangesOf(db: Executor, testIds: readonly string[]) {
  const rows =
    testIds.length === 0
      ? []
      : await db
          .select()
          .from(labReferenceRanges)
          .where(inArray(labReferenceRanges.testId, [...testIds]));
  const byTest = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byTest.set(row.testId, [...(byTest.get(row.testId) ?? []), row]);
  return byTest;
}
