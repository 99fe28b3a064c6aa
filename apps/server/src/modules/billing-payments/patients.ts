import type { BillingPatient } from '@carepoint/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { charges, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { idsOfPage, type ListQuery, listPage, matchingRows } from '../../lib/list';
import { patientMatches, surnameFirstKey } from '../../lib/patient-search';
import { accountSums, balanceOf, patientName, readAccount } from './balance';

/**
 * The cashier's Patients: any patient found by name or record number (the one patient search),
 * with their balance and deposits held. `owing` keeps those who owe, largest balance first; it
 * starts from the patients with an active charge, the only ones who can owe.
 */
export async function listBillingPatients(
  ctx: ServiceContext,
  query: ListQuery<'name'> & { owing: boolean },
) {
  const balance = balanceOf(users.id);
  const conditions: (SQL | undefined)[] = [eq(users.role, 'patient'), patientMatches(query.q)];
  if (query.owing)
    conditions.push(
      inArray(
        users.id,
        ctx.db.select({ id: charges.patientId }).from(charges).where(eq(charges.status, 'active')),
      ),
      sql`${balance} > 0`,
    );
  const where = and(...conditions);
  const { depositsHeld } = accountSums(users.id);
  const page = await listPage(ctx, query, {
    rows: (select) =>
      select({ id: users.id, name: patientName, recordNumber: users.recordNumber, balance, depositsHeld })
        .from(users)
        .where(where),
    order: query.owing
      ? [desc(balance), asc(surnameFirstKey), asc(users.id)]
      : [query.order === 'desc' ? desc(surnameFirstKey) : asc(surnameFirstKey), asc(users.id)],
    count: matchingRows(ctx.db).from(users).where(where),
    map: (row): BillingPatient => row,
  });
  await audit(ctx, {
    action: 'billing.patients.list',
    entityType: 'patient',
    details: { q: query.q ?? null, owing: query.owing, patientIds: idsOfPage(page) },
  });
  return page;
}

/** One patient's account (the layout's header); the read is audited with the patient. */
export async function readPatientAccount(ctx: ServiceContext, patientId: string) {
  const account = await readAccount(ctx.db, patientId);
  await audit(ctx, { action: 'billing.account.read', entityType: 'patient', entityId: patientId, patientId });
  return account;
}
