import type { User } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userImages, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFound, signedIn } from '../../lib/errors';
import { profileImageUrl } from '../../lib/people';
import { hasSecondFactorSql, mustSetUpSecondFactor } from '../../lib/second-factor';

type UserRow = typeof users.$inferSelect;

/** The API's view of a user: never the password hash. */
const toPublicUser = (row: UserRow, imageVersion: Date | null, secondFactorPending: boolean): User => ({
  id: row.id,
  email: row.email,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  address: row.address,
  dateOfBirth: row.dateOfBirth,
  status: row.status,
  specialty: row.specialty,
  imageUrl: profileImageUrl(row.id, imageVersion),
  mustChangePassword: row.mustChangePassword,
  mustSetUpSecondFactor: secondFactorPending,
});

export async function loadPublicUser(
  { db, config }: Pick<ServiceContext, 'db' | 'config'>,
  userId: string,
): Promise<User> {
  const [row] = await db
    .select({
      user: users,
      imageVersion: userImages.updatedAt,
      hasSecondFactor: hasSecondFactorSql(users.id),
    })
    .from(users)
    .leftJoin(userImages, eq(userImages.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User');
  return toPublicUser(
    row.user,
    row.imageVersion,
    mustSetUpSecondFactor(config.mfaRequiredRoles, row.user.role, row.hasSecondFactor),
  );
}

/** GET /api/auth/me: the signed-in user as the API shows them. */
export const signedInUser = (ctx: ServiceContext): Promise<User> =>
  loadPublicUser(ctx, signedIn(ctx.actor).id);

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}
