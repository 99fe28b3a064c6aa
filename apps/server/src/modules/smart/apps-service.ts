import {
  type CreatedSmartApp,
  type createSmartAppSchema,
  SMART_MESSAGES,
  type SmartApp,
  type updateSmartAppSchema,
} from '@carepoint/contract';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { smartApps } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { revokeAppAccess } from './revocation';

type AppRow = typeof smartApps.$inferSelect;

const toSmartApp = (row: AppRow): SmartApp => ({
  id: row.id,
  clientId: row.id,
  name: row.name,
  kind: row.kind,
  redirectUris: row.redirectUris,
  scopes: row.scopes,
  jwksUrl: row.jwksUrl,
  hasJwks: row.jwks !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export async function listApps(ctx: ServiceContext): Promise<SmartApp[]> {
  const rows = await ctx.db.select().from(smartApps).orderBy(desc(smartApps.createdAt), smartApps.id);
  return rows.map(toSmartApp);
}

/** Registers an app; a confidential app's secret is in this answer only (the database keeps its hash). */
export async function registerApp(
  ctx: ServiceContext,
  input: z.output<typeof createSmartAppSchema>,
): Promise<CreatedSmartApp> {
  const clientSecret = input.kind === 'confidential' ? newToken() : null;
  const [row] = await ctx.db
    .insert(smartApps)
    .values({
      name: input.name,
      kind: input.kind,
      redirectUris: input.kind === 'backend' ? [] : [...new Set(input.redirectUris)],
      scopes: [...new Set(input.scopes)],
      secretHash: clientSecret ? hashToken(clientSecret) : null,
      jwksUrl: input.kind === 'backend' && input.jwksUrl ? input.jwksUrl : null,
      jwks: input.kind === 'backend' ? input.jwks : null,
      createdBy: ctx.actor?.id ?? null,
      createdAt: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await audit(ctx, {
    action: 'smart.app.register',
    entityType: 'smart_app',
    entityId: row.id,
    details: { name: row.name, kind: row.kind, scopes: row.scopes, redirectUris: row.redirectUris },
  });
  return { ...toSmartApp(row), clientSecret };
}

/**
 * Disables an app, ending its grants and tokens for good (enabling it again brings none back:
 * its users authorize it anew), or enables it again.
 */
export async function setAppDisabled(
  ctx: ServiceContext,
  id: string,
  input: z.output<typeof updateSmartAppSchema>,
): Promise<SmartApp> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(smartApps)
      .set({ disabledAt: input.disabled ? now : null })
      .where(eq(smartApps.id, id))
      .returning();
    if (!updated) throw notFoundWith(SMART_MESSAGES.appNotFound);
    const grantsEnded = input.disabled ? await revokeAppAccess(tx, id, now) : undefined;
    await audit(inTransaction(ctx, tx), {
      action: input.disabled ? 'smart.app.disable' : 'smart.app.enable',
      entityType: 'smart_app',
      entityId: id,
      ...(grantsEnded === undefined ? {} : { details: { grantsEnded } }),
    });
    return updated;
  });
  return toSmartApp(row);
}

/** An enabled app by client id, or undefined (also for an id that is not a UUID). */
export async function enabledApp(ctx: Pick<ServiceContext, 'db'>, clientId: string | undefined) {
  if (!clientId || !/^[0-9a-f-]{36}$/i.test(clientId)) return undefined;
  const [row] = await ctx.db.select().from(smartApps).where(eq(smartApps.id, clientId)).limit(1);
  return row && row.disabledAt === null ? row : undefined;
}
export type EnabledApp = NonNullable<Awaited<ReturnType<typeof enabledApp>>>;
