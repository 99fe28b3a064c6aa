import { PHARMACY_MESSAGES, PHARMACY_STOCK_MESSAGES, type StoreList } from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stores, wards } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { cachedRead } from '../../lib/read-cache';

/**
 * GET /api/pharmacy/stores: the main store, then every ward by name with its store's id, or null
 * while stock has never gone there (its store is made by the first transfer).
 */
export async function listStores(ctx: ServiceContext): Promise<StoreList> {
  const main = await mainStoreCached(ctx);
  const wardRows = await ctx.db
    .select({ wardId: wards.id, wardName: wards.name, storeId: stores.id, storeName: stores.name })
    .from(wards)
    .leftJoin(stores, eq(stores.wardId, wards.id))
    .orderBy(asc(wards.name), asc(wards.id));
  return {
    data: [
      { id: main.id, name: main.name, kind: 'main', wardId: null },
      ...wardRows.map((w) => ({
        id: w.storeId,
        name: w.storeName ?? wardStoreName(w.wardName),
        kind: 'ward' as const,
        wardId: w.wardId,
      })),
    ],
  };
}

/** The one main pharmacy (the migration made it; the partial unique index allows no second). */
export async function mainStore(db: Executor) {
  const [row] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.kind, 'main'));
  if (!row) throw new Error('The main pharmacy store is missing (migration 0056 makes it)');
  return row;
}

const MAIN_STORE = cachedRead('main-store', [stores]);

/**
 * The main pharmacy as a request reads it before its transaction (dispensing does on every
 * dispense): from the read cache. Only a migration makes it and nothing renames it, so the
 * answer changes only if the table does (its trigger tells the cache).
 */
export const mainStoreCached = (ctx: Pick<ServiceContext, 'cache' | 'db'>) =>
  ctx.cache.read(MAIN_STORE, '', () => mainStore(ctx.db));

/** The store, or 404. */
export async function storeOf(db: Executor, storeId: string) {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, kind: stores.kind })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) throw notFoundWith(PHARMACY_MESSAGES.storeNotFound);
  return store;
}

const wardStoreName = (wardName: string) => `${wardName} store`;

/**
 * The ward's store, made the first time stock goes to the ward. Two first transfers at once both
 * insert: the unique index on ward_id keeps one, and both read it back.
 */
export async function wardStore(db: Executor, wardId: string) {
  const [ward] = await db.select({ name: wards.name }).from(wards).where(eq(wards.id, wardId));
  if (!ward) throw notFoundWith(PHARMACY_STOCK_MESSAGES.wardNotFound);
  await db
    .insert(stores)
    .values({ name: wardStoreName(ward.name), kind: 'ward', wardId })
    .onConflictDoNothing({ target: stores.wardId });
  const [store] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.wardId, wardId));
  if (!store) throw new Error('ward store not made');
  return store;
}
