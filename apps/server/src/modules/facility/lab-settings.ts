import { DEFAULT_LAB_SETTINGS, type LabSettings, labSettingsSchema } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';

/*
 * The laboratory's settings (docs/areas/lab-results.md), one row of the settings table beside the
 * facility's details: who verifies a result (a second scientist by default, or the one who entered
 * it in a separate step) and how long a critical result may wait for the doctor before the
 * administrators see it.
 */

const LAB_SETTING = 'lab';

/** The stored value, or the defaults when none is stored (or it no longer reads as settings). */
export async function loadLabSettings(db: Executor): Promise<LabSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, LAB_SETTING));
  const parsed = labSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_LAB_SETTINGS;
}

/** GET /api/admin/facility/lab. */
export const readLabSettings = (ctx: ServiceContext) => loadLabSettings(ctx.db);

/** PUT /api/admin/facility/lab: replaces the settings; audited with what they were and what they are. */
export async function updateLabSettings(ctx: ServiceContext, input: LabSettings): Promise<LabSettings> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await loadLabSettings(tx);
    await tx
      .insert(settings)
      .values({ key: LAB_SETTING, value: input, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt: now } });
    await audit(inTransaction(ctx, tx), {
      action: 'settings.update',
      entityType: 'setting',
      entityId: LAB_SETTING,
      details: { before, after: input },
    });
    return input;
  });
}
