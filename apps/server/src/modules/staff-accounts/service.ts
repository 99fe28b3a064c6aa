import {
  type createStaffAccountSchema,
  STAFF_ACCOUNT_MESSAGES,
  STAFF_ACCOUNT_ROLES,
  type STAFF_ACCOUNT_SORTABLE,
  type StaffAccount,
  type StaffAccountRole,
  type staffAccountListQuerySchema,
  staffRoleLabel,
  type updateStaffAccountSchema,
} from '@carepoint/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { hashPassword } from '../../lib/passwords';
import { fullNameOf } from '../../lib/people';
import { revokeUserSessions } from '../../lib/sessions';
import { newToken } from '../../lib/tokens';
import { sendWelcomeLink } from '../auth';
import { revokeUserAccess } from '../smart';

/*
 * Staff accounts (Manage Staff): the roles of STAFF_ACCOUNT_ROLES are an account only (users,
 * with the role: names, e-mail, phone, password, Active or Inactive). Admins add them as they add
 * nurses: no password anyone knows, and a welcome e-mail with a link to choose one.
 */

type ListQuery = z.output<typeof staffAccountListQuerySchema>;
type CreateInput = z.output<typeof createStaffAccountSchema>;
type UpdateInput = z.output<typeof updateStaffAccountSchema>;

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  // Every query below keeps only these roles (isStaffAccount), so the column holds no other.
  role: sql<StaffAccountRole>`${users.role}`,
  status: users.status,
  createdAt: users.createdAt,
};
type Row = Omit<StaffAccount, 'createdAt'> & { createdAt: Date };

const toStaffAccount = (row: Row): StaffAccount => ({ ...row, createdAt: iso(row.createdAt) });

const SORT: SortColumns<(typeof STAFF_ACCOUNT_SORTABLE)[number]> = {
  name: [users.lastName, users.firstName],
  email: users.email,
  role: [users.role, users.lastName, users.firstName],
  status: [users.status, users.lastName, users.firstName],
  createdAt: users.createdAt,
};

/** An account Manage Staff may see: a doctor's, nurse's, admin's or patient's id is not one (404). */
const isStaffAccount = inArray(users.role, [...STAFF_ACCOUNT_ROLES]);

const emailTaken = () => conflict('EMAIL_TAKEN', STAFF_ACCOUNT_MESSAGES.emailTaken, 'email');

export async function listStaffAccounts(ctx: ServiceContext, query: ListQuery) {
  const where = and(
    isStaffAccount,
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    search(query.q, [fullNameOf(), users.email]),
  );
  return listPage(ctx, query, {
    rows: (select) => select(columns).from(users).where(where),
    order: orderBy(query, SORT, [asc(users.lastName), asc(users.firstName)], users.id),
    count: matchingRows(ctx.db).from(users).where(where),
    map: toStaffAccount,
  });
}

/**
 * Makes the account (no password anyone knows), then mails the welcome link once it is
 * committed. The unique e-mail index decides between two adds of one address: the second is 409.
 */
export async function createStaffAccount(ctx: ServiceContext, input: CreateInput): Promise<StaffAccount> {
  const now = ctx.now();
  // argon2 is slow on purpose: hash a secret nobody holds before the transaction.
  const passwordHash = await hashPassword(newToken());
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        ...input,
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(columns);
    if (!created) throw emailTaken();
    await audit(inTransaction(ctx, tx), {
      action: 'staff.create',
      entityType: 'user',
      entityId: created.id,
      details: { role: input.role },
    });
    return created;
  });
  const why = `An administrator added you as ${staffRoleLabel(input.role)} staff at CarePoint and made`;
  await sendWelcomeLink(ctx, row, why, 'staff');
  return toStaffAccount(row);
}

/**
 * Edits the names, phone or account status of a staff account. Inactive ends the account's
 * sessions and app grants in the same transaction, as a nurse's or a doctor's.
 */
export async function updateStaffAccount(
  ctx: ServiceContext,
  id: string,
  input: UpdateInput,
): Promise<StaffAccount> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...input, updatedAt: now })
      .where(and(eq(users.id, id), isStaffAccount))
      .returning(columns);
    if (!updated) throw notFoundWith(STAFF_ACCOUNT_MESSAGES.notFound);
    if (input.status === 'Inactive') {
      await revokeUserSessions(tx, id, now);
      // Apps' grants end too: reactivating the account brings none of them back.
      await revokeUserAccess(tx, id, now);
    }
    await audit(inTransaction(ctx, tx), {
      action: 'staff.update',
      entityType: 'user',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
  return toStaffAccount(row);
}
