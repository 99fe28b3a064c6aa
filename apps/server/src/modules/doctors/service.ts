import {
  type AdminDoctor,
  type CreateDoctorResponse,
  type createDoctorSchema,
  DOCTOR_MESSAGES,
  type DOCTOR_SORTABLE,
  type doctorListQuerySchema,
  type updateDoctorSchema,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { hashPassword, oneTimePassword } from '../../lib/passwords';
import { fullNameOf } from '../../lib/people';
import { hasAuthenticatorAppSql } from '../../lib/second-factor';
import { revokeUserSessions } from '../../lib/sessions';
import { ensureDefaultSchedule } from '../schedules';
import { revokeUserAccess } from '../smart';

/** Doctors are user accounts with role doctor; admins create, edit and (de)activate them. */

type ListQuery = z.output<typeof doctorListQuerySchema>;
type CreateInput = z.output<typeof createDoctorSchema>;
type UpdateInput = z.output<typeof updateDoctorSchema>;

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  address: users.address,
  specialty: users.specialty,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  hasSecondFactor: hasAuthenticatorAppSql(users.id),
};
type Row = Pick<typeof users.$inferSelect, Exclude<keyof typeof columns, 'hasSecondFactor'>> & {
  hasSecondFactor: boolean;
};

const toDoctor = (row: Row): AdminDoctor => ({ ...row, createdAt: iso(row.createdAt) });

const SORT: SortColumns<(typeof DOCTOR_SORTABLE)[number]> = {
  name: [users.lastName, users.firstName],
  email: users.email,
  specialty: users.specialty,
  status: users.status,
  createdAt: users.createdAt,
};

const emailTaken = () => conflict('EMAIL_TAKEN', DOCTOR_MESSAGES.emailTaken, 'email');
const isDoctor = eq(users.role, 'doctor');

export async function listDoctors(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    isDoctor,
    query.status ? eq(users.status, query.status) : undefined,
    search(query.q, [fullNameOf(), users.email, users.specialty]),
  );
  return listPage(ctx, query, {
    rows: (select) => select(columns).from(users).where(where),
    order: orderBy(query, SORT, [asc(users.lastName), asc(users.firstName)], users.id),
    count: matchingRows(db).from(users).where(where),
    map: toDoctor,
  });
}

/**
 * Creates the account with a random one-time password, answered once to the admin; the doctor
 * must replace it at first sign-in. A default weekly schedule makes them bookable at once.
 */
export async function createDoctor(ctx: ServiceContext, input: CreateInput): Promise<CreateDoctorResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const password = await oneTimePassword();
  const passwordHash = await hashPassword(password);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        ...input,
        role: 'doctor',
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(columns);
    if (!created) throw emailTaken();
    await ensureDefaultSchedule(tx, created.id);
    await audit(inTransaction(ctx, tx), {
      action: 'doctor.create',
      entityType: 'user',
      entityId: created.id,
    });
    return created;
  });
  return { doctor: toDoctor(row), oneTimePassword: password };
}

/** Edits a doctor; setting status Inactive ends every session and app grant of theirs in the same transaction. */
export async function updateDoctor(
  ctx: ServiceContext,
  id: string,
  input: UpdateInput,
): Promise<AdminDoctor> {
  const { db } = ctx;
  const now = ctx.now();
  const row = await mapUnique(
    () =>
      db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ ...input, updatedAt: now })
          .where(and(eq(users.id, id), isDoctor))
          .returning(columns);
        if (!updated) throw notFoundWith(DOCTOR_MESSAGES.notFound);
        if (input.status === 'Inactive') {
          await revokeUserSessions(tx, id, now);
          // Apps' grants end too: reactivating the doctor brings none of them back.
          await revokeUserAccess(tx, id, now);
        }
        await audit(inTransaction(ctx, tx), {
          action: 'doctor.update',
          entityType: 'user',
          entityId: id,
          details: { fields: Object.keys(input) },
        });
        return updated;
      }),
    emailTaken,
  );
  return toDoctor(row);
}
