import {
  ACTIVE_APPOINTMENT_STATUSES,
  type DoctorActivity,
  imageTypeOf,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGES,
  PROFILE_MESSAGES,
  type Profile,
  toLocalDateTime,
  type UpdateProfile,
} from '@carepoint/contract';
import { and, count, countDistinct, eq, gte, inArray, lt } from 'drizzle-orm';
import { appointments, triageAssessments, userImages, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, notFound, signedIn } from '../../lib/errors';
import { facilityDay } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { loadPublicUser } from '../auth';

/** My Profile for every role: read and edit one's own account; e-mail is read-only. */

/** A patient's profile is their personal record: its reads and changes are audited with patientId. */
const patientIdOf = (user: Actor) => (user.role === 'patient' ? user.id : null);

/** The public user, the doctor's own fields (experience, gender) and a patient's record number. */
async function loadProfile(ctx: Pick<ServiceContext, 'db' | 'config'>, userId: string): Promise<Profile> {
  const { db } = ctx;
  const [user, [extra]] = await independentReads(db, [
    () => loadPublicUser(ctx, userId),
    () =>
      db
        .select({
          experienceYears: users.experienceYears,
          gender: users.gender,
          recordNumber: users.recordNumber,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
  ]);
  return {
    ...user,
    experienceYears: extra?.experienceYears ?? null,
    gender: extra?.gender ?? null,
    recordNumber: extra?.recordNumber ?? null,
  };
}

export async function readProfile(ctx: ServiceContext): Promise<Profile> {
  const user = signedIn(ctx.actor);
  const profile = await loadProfile(ctx, user.id);
  await audit(ctx, {
    action: 'profile.read',
    entityType: 'user',
    entityId: user.id,
    patientId: patientIdOf(user),
  });
  return profile;
}

export async function updateProfile(ctx: ServiceContext, input: UpdateProfile): Promise<Profile> {
  const user = signedIn(ctx.actor);
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
    // A doctor's own fields; left out (undefined) keeps them, and other roles have none.
    ...(user.role === 'doctor'
      ? { specialty: input.specialty, experienceYears: input.experienceYears, gender: input.gender }
      : {}),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!before) throw notFound('User');
    await tx.update(users).set(changes).where(eq(users.id, user.id));
    const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
      (k) => changes[k] !== undefined && before[k] !== changes[k],
    );
    await audit(inTransaction(ctx, tx), {
      action: 'profile.update',
      entityType: 'user',
      entityId: user.id,
      patientId: patientIdOf(user),
      details: { changed },
    });
  });
  return loadProfile(ctx, user.id);
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

/**
 * PUT /api/user/profile/image: stores the caller's picture. The bytes decide the type (their
 * magic number), never the declared Content-Type; the route's parser already capped the size.
 */
export async function saveProfileImage(ctx: ServiceContext, body: Buffer): Promise<Profile> {
  const user = signedIn(ctx.actor);
  if (body.length > PROFILE_IMAGE_MAX_BYTES) throw imageTooLarge();
  const contentType = imageTypeOf(body);
  if (!contentType) throw badRequest(PROFILE_IMAGE_MESSAGES.notAnImage, 'image');
  const updatedAt = ctx.now();
  const image = { contentType, data: body.toString('base64'), size: body.length, updatedAt };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(userImages)
      .values({ userId: user.id, ...image })
      .onConflictDoUpdate({ target: userImages.userId, set: image });
    await audit(inTransaction(ctx, tx), {
      action: 'profile.image.update',
      entityType: 'user',
      entityId: user.id,
      patientId: patientIdOf(user),
      details: { contentType, size: body.length },
    });
  });
  return loadProfile(ctx, user.id);
}

/** DELETE /api/user/profile/image: removes the caller's picture (initials show again). */
export async function removeProfileImage(ctx: ServiceContext): Promise<Profile> {
  const user = signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userImages)
      .where(eq(userImages.userId, user.id))
      .returning({ userId: userImages.userId });
    if (removed.length > 0) {
      await audit(inTransaction(ctx, tx), {
        action: 'profile.image.remove',
        entityType: 'user',
        entityId: user.id,
        patientId: patientIdOf(user),
      });
    }
  });
  return loadProfile(ctx, user.id);
}

export const imageTooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', PROFILE_IMAGE_MESSAGES.tooLarge);
export const imageTypeRefused = () =>
  new AppError(415, 'UNSUPPORTED_IMAGE', PROFILE_IMAGE_MESSAGES.notAnImage, {
    image: [PROFILE_IMAGE_MESSAGES.notAnImage],
  });

/** The first day of a date's calendar month and of the next one ('YYYY-MM-DD'). */
function monthOf(date: string) {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  return { start: first(year, month), next: first(next.year, next.month) };
}

/**
 * The doctor profile page's "medical actions": completed this month, patients seen, still
 * due today (facility time) and triage intakes today. Counts only, so no patient is named.
 */
export async function doctorActivity(ctx: ServiceContext): Promise<DoctorActivity> {
  const { db, config } = ctx;
  const doctorId = signedIn(ctx.actor).id;
  const today = facilityDay(ctx.now(), config.TIME_ZONE);
  const month = monthOf(today.date);
  const mine = eq(appointments.doctorId, doctorId);
  const completed = and(mine, eq(appointments.status, 'Completed'));
  const [[thisMonth], [seen], [due], [triaged]] = await independentReads(db, [
    () =>
      db
        .select({ n: count() })
        .from(appointments)
        .where(and(completed, gte(appointments.date, month.start), lt(appointments.date, month.next))),
    () =>
      db
        .select({ n: countDistinct(appointments.patientId) })
        .from(appointments)
        .where(completed),
    () =>
      db
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            mine,
            eq(appointments.date, today.date),
            inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]),
          ),
        ),
    () =>
      db
        .select({ n: count() })
        .from(triageAssessments)
        .where(
          and(
            eq(triageAssessments.recordedBy, doctorId),
            gte(triageAssessments.recordedAt, today.start),
            lt(triageAssessments.recordedAt, today.end),
          ),
        ),
  ]);
  return {
    completedThisMonth: thisMonth?.n ?? 0,
    patientsSeen: seen?.n ?? 0,
    upcomingToday: due?.n ?? 0,
    triagedToday: triaged?.n ?? 0,
  };
}
