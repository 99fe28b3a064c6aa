import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';

/**
 * One area's settings as a row of the settings table beside the facility's details (the
 * laboratory's, the pharmacy's): read with their defaults when none are stored (or they no longer
 * read as settings), replaced by an admin, each change audited with what they were and are.
 */
export function storedSetting<S extends z.ZodType<object>>(key: string, schema: S, defaults: z.output<S>) {
  type Value = z.output<S>;

  async function load(db: Executor): Promise<Value> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    const parsed = schema.safeParse(row?.value);
    return parsed.success ? parsed.data : defaults;
  }

  async function update(ctx: ServiceContext, input: Value): Promise<Value> {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const before = await load(tx);
      await tx
        .insert(settings)
        .values({ key, value: input, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt: now } });
      await audit(inTransaction(ctx, tx), {
        action: 'settings.update',
        entityType: 'setting',
        entityId: key,
        details: { before, after: input },
      });
      return input;
    });
  }

  return { load, read: (ctx: ServiceContext) => load(ctx.db), update };
}
