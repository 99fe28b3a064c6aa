import { PROFILE_MESSAGES, toLocalDateTime, type UpdateProfile, type User } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { userImages, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { audit } from '../../plugins/audit';
import type { SessionUser } from '../../plugins/sessions';
import { loadPublicUser } from '../auth/users';

/** My Profile for every role: read and edit one's own account; e-mail is read-only. */

/** A patient's profile is their personal record: its reads and changes are audited with patientId. */
const patientIdOf = (user: SessionUser) => (user.role === 'patient' ? user.id : null);

export async function readProfile(ctx: ServiceContext, user: SessionUser): Promise<User> {
  const profile = await loadPublicUser(ctx.db, user.id);
  await audit(ctx, {
    action: 'profile.read',
    entityType: 'user',
    entityId: user.id,
    patientId: patientIdOf(user),
  });
  return profile;
}

export async function updateProfile(
  ctx: ServiceContext,
  user: SessionUser,
  input: UpdateProfile,
): Promise<User> {
  const { db, config } = ctx;
  if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(PROFILE_MESSAGES.emailReadOnly, 'email');
  }
  if (input.dateOfBirth && input.dateOfBirth > toLocalDateTime(ctx.now(), config.TIME_ZONE).date) {
    throw badRequest(PROFILE_MESSAGES.dateOfBirthFuture, 'dateOfBirth');
  }
  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    address: input.address,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!before) throw notFound('User');
    await tx.update(users).set(changes).where(eq(users.id, user.id));
    const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
      (k) => before[k] !== changes[k],
    );
    await audit(inTransaction(ctx, tx), {
      action: 'profile.update',
      entityType: 'user',
      entityId: user.id,
      patientId: patientIdOf(user),
      details: { changed },
    });
  });
  return loadPublicUser(db, user.id);
}

/** The stored profile picture, or 404. */
export async function profileImage(ctx: ServiceContext, userId: string) {
  const [image] = await ctx.db.select().from(userImages).where(eq(userImages.userId, userId)).limit(1);
  if (!image) throw notFound('Image');
  return {
    contentType: image.contentType,
    body: Buffer.from(image.data, 'base64'),
    updatedAt: image.updatedAt,
  };
}
