import {
  type createNurseSchema,
  NURSE_MESSAGES,
  type NURSE_SORTABLE,
  type Nurse,
  type nurseListQuerySchema,
  type updateNurseSchema,
  type Ward,
} from '@carepoint/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { nurses, nurseWards, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique, violatedForeignKey } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { hashPassword } from '../../lib/passwords';
import { revokeUserSessions } from '../../lib/sessions';
import { newToken } from '../../lib/tokens';
import { sendWelcomeLink } from '../auth';
import { wardsWithIds } from '../beds';
import { revokeUserAccess } from '../smart';

/*
 * A nurse is an account (users, role nurse: name, e-mail, password, Active or Inactive) and a
 * staff record of the same id (nurses: department and duty status). Admins add nurses, who get a
 * welcome e-mail with a link to choose their password, the patients' and front desk's one way.
 */

type ListQuery = z.output<typeof nurseListQuerySchema>;
type CreateInput = z.output<typeof createNurseSchema>;
type UpdateInput = z.output<typeof updateNurseSchema>;

/** "First Last" as one name, as Manage Nurses shows and searches it (a one-word name has no last name). */
const fullName = sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * The nurse's wards by name, in the row itself: a page of nurses is one statement. The nurse's id
 * is written out whole: inside the subquery a bare "id" would be the ward's.
 */
const wardsOfNurse = sql<
  Nurse['wards']
>`coalesce((select json_agg(json_build_object('id', ${wards.id}, 'name', ${wards.name}) order by ${wards.name})
  from ${nurseWards} join ${wards} on ${wards.id} = ${nurseWards.wardId} where ${nurseWards.nurseId} = "nurses"."id"), '[]'::json)`;

const columns = {
  id: nurses.id,
  fullName,
  email: users.email,
  department: nurses.department,
  status: nurses.status,
  accountStatus: users.status,
  wards: wardsOfNurse,
  createdAt: nurses.createdAt,
};
type Row = Omit<Nurse, 'createdAt'> & { createdAt: Date };

const toNurse = (row: Row): Nurse => ({ ...row, createdAt: iso(row.createdAt) });

/** The account's names from the one full name Manage Nurses edits: split at the first space. */
function names(full: string) {
  const [firstName = '', ...rest] = full.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

const SORT: SortColumns<(typeof NURSE_SORTABLE)[number]> = {
  fullName: [users.firstName, users.lastName],
  email: users.email,
  department: [nurses.department, users.firstName, users.lastName],
  status: [nurses.status, users.firstName, users.lastName],
  createdAt: nurses.createdAt,
};

const emailTaken = () => conflict('NURSE_EMAIL_TAKEN', NURSE_MESSAGES.emailTaken, 'email');

/**
 * The nurse's wards become exactly these. A ward removed meanwhile (its foreign key) is a 400 on
 * the field, and the transaction it is part of leaves everything as it was.
 */
async function setWards(tx: Executor, nurseId: string, wardIds: readonly string[]) {
  await tx.delete(nurseWards).where(eq(nurseWards.nurseId, nurseId));
  const unique = [...new Set(wardIds)];
  if (unique.length === 0) return;
  const known = await tx.select({ id: wards.id }).from(wards).where(inArray(wards.id, unique));
  if (known.length !== unique.length) throw badRequest(NURSE_MESSAGES.wardNotFound, 'wardIds');
  try {
    await tx.insert(nurseWards).values(unique.map((wardId) => ({ nurseId, wardId })));
  } catch (error) {
    if (violatedForeignKey(error)) throw badRequest(NURSE_MESSAGES.wardNotFound, 'wardIds');
    throw error;
  }
}

const withAccount = (db: Executor) =>
  db.select(columns).from(nurses).innerJoin(users, eq(users.id, nurses.id));

async function loadNurse(db: Executor, id: string): Promise<Nurse> {
  const [row] = await withAccount(db).where(eq(nurses.id, id));
  if (!row) throw notFoundWith(NURSE_MESSAGES.notFound);
  return toNurse(row);
}

export async function listNurses(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.status ? eq(nurses.status, query.status) : undefined,
    search(query.q, [fullName, users.email, nurses.department]),
  );
  return listPage(ctx, query, {
    rows: (select) => select(columns).from(nurses).innerJoin(users, eq(users.id, nurses.id)).where(where),
    order: orderBy(query, SORT, [asc(users.firstName), asc(users.lastName)], nurses.id),
    count: matchingRows(db).from(nurses).innerJoin(users, eq(users.id, nurses.id)).where(where),
    map: toNurse,
  });
}

/**
 * Makes the account (no password anyone knows) and the staff record in one transaction, then
 * mails the welcome link once both are committed. The unique e-mail index decides between two
 * adds of one address: the second answers 409.
 */
export async function createNurse(ctx: ServiceContext, input: CreateInput): Promise<Nurse> {
  const now = ctx.now();
  // argon2 is slow on purpose: hash a secret nobody holds before the transaction.
  const passwordHash = await hashPassword(newToken());
  const account = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        ...names(input.fullName),
        email: input.email,
        role: 'nurse',
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!created) throw emailTaken();
    await tx.insert(nurses).values({
      id: created.id,
      department: input.department,
      status: 'Active',
      createdAt: now,
      updatedAt: now,
    });
    await setWards(tx, created.id, input.wardIds ?? []);
    await audit(inTransaction(ctx, tx), {
      action: 'nurse.create',
      entityType: 'nurse',
      entityId: created.id,
    });
    return created;
  });
  await sendWelcomeLink(ctx, account, 'An administrator added you as a nurse at CarePoint and made', 'staff');
  return loadNurse(ctx.db, account.id);
}

/**
 * PUT (every field) and PATCH (some fields) both end here. Account status Inactive ends the
 * nurse's sessions and app grants in the same transaction, as a doctor's.
 */
export async function updateNurse(ctx: ServiceContext, id: string, input: UpdateInput): Promise<Nurse> {
  const now = ctx.now();
  const { fullName: full, email, accountStatus, department, status, wardIds } = input;
  await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [record] = await tx
          .update(nurses)
          .set({ department, status, updatedAt: now })
          .where(eq(nurses.id, id))
          .returning({ id: nurses.id });
        if (!record) throw notFoundWith(NURSE_MESSAGES.notFound);
        if (full !== undefined || email !== undefined || accountStatus !== undefined)
          await tx
            .update(users)
            .set({ ...(full === undefined ? {} : names(full)), email, status: accountStatus, updatedAt: now })
            .where(and(eq(users.id, id), eq(users.role, 'nurse')));
        if (wardIds !== undefined) await setWards(tx, id, wardIds);
        if (accountStatus === 'Inactive') {
          await revokeUserSessions(tx, id, now);
          await revokeUserAccess(tx, id, now);
        }
        await audit(inTransaction(ctx, tx), {
          action: 'nurse.update',
          entityType: 'nurse',
          entityId: id,
          details: { fields: Object.keys(input) },
        });
      }),
    emailTaken,
  );
  return loadNurse(ctx.db, id);
}

/** The signed-in nurse's own staff record: their department and duty status (the dashboard's card). */
export async function ownNurseRecord(ctx: ServiceContext): Promise<Nurse> {
  return loadNurse(ctx.db, signedIn(ctx.actor).id);
}

/** The signed-in nurse's wards, each with its beds counted: what their dashboard shows first. */
export async function ownWards(ctx: ServiceContext): Promise<{ data: Ward[] }> {
  const nurse = await loadNurse(ctx.db, signedIn(ctx.actor).id);
  return {
    data: await wardsWithIds(
      ctx,
      nurse.wards.map((ward) => ward.id),
    ),
  };
}
