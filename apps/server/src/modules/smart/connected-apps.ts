import { type ConnectedApp, describeScopes, SMART_MESSAGES, type SmartPatient } from '@carepoint/contract';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { smartApps, smartGrants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { patientMatches } from '../../lib/patient-search';
import { revokeGrantTokens } from './tokens';

const patients = alias(users, 'patients');

/** The apps the signed-in user let in whose access still holds ("Connected apps"). */
export async function listConnectedApps(ctx: ServiceContext): Promise<ConnectedApp[]> {
  const user = signedIn(ctx.actor);
  const rows = await ctx.db
    .select({
      id: smartGrants.id,
      appName: smartApps.name,
      scopes: smartGrants.scopes,
      patientId: smartGrants.patientId,
      patientFirst: patients.firstName,
      patientLast: patients.lastName,
      connectedAt: smartGrants.createdAt,
      expiresAt: smartGrants.expiresAt,
    })
    .from(smartGrants)
    .innerJoin(smartApps, eq(smartApps.id, smartGrants.appId))
    .leftJoin(patients, eq(patients.id, smartGrants.patientId))
    .where(
      and(
        eq(smartGrants.userId, user.id),
        isNull(smartGrants.revokedAt),
        gt(smartGrants.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(smartGrants.createdAt), asc(smartGrants.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    appName: row.appName,
    scopes: row.scopes,
    descriptions: describeScopes(row.scopes),
    patientName:
      row.patientId && row.patientId !== user.id
        ? `${row.patientFirst ?? ''} ${row.patientLast ?? ''}`.trim()
        : null,
    connectedAt: row.connectedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Ends one of the user's own grants (another's answers 404): its access and refresh tokens stop at once. */
export async function revokeConnectedApp(ctx: ServiceContext, grantId: string) {
  const user = signedIn(ctx.actor);
  const [grant] = await ctx.db
    .select({ id: smartGrants.id, appId: smartGrants.appId, patientId: smartGrants.patientId })
    .from(smartGrants)
    .where(and(eq(smartGrants.id, grantId), eq(smartGrants.userId, user.id), isNull(smartGrants.revokedAt)))
    .limit(1);
  if (!grant) throw notFoundWith(SMART_MESSAGES.connectionNotFound);
  await revokeGrantTokens(ctx, grant.id);
  await audit(ctx, {
    action: 'smart.revoke',
    entityType: 'smart_grant',
    entityId: grant.id,
    patientId: grant.patientId,
    details: { app: grant.appId },
  });
  return { ok: true as const };
}

/** The consent screen's patient picker for staff: up to 10 patients matching the name, e-mail or phone. */
export async function findPatients(ctx: ServiceContext, q: string): Promise<SmartPatient[]> {
  if (q === '') return [];
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfBirth: users.dateOfBirth,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.role, 'patient'), patientMatches(q)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    dateOfBirth: row.dateOfBirth,
    email: row.email,
  }));
}
