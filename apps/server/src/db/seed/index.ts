import { count } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedAdminArea } from './admin-area';
import type { SeedContext } from './context';
import { seedAppointments, seedSchedules } from './patient-area';

/** Each area's demo records, in dependency order (accounts first). */
const seeders: Array<(ctx: SeedContext) => Promise<void>> = [seedAccounts];
seeders.push(seedSchedules, seedAppointments);
seeders.push(seedAdminArea);

/** Loads demo data into an empty database; a database that has any user is left as it is. */
export async function seedDemoData(db: Database, opts: { now?: Date; timeZone: string }) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const ctx: SeedContext = {
    db,
    now: opts.now ?? new Date(),
    timeZone: opts.timeZone,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  };
  await db.transaction(async (tx) => {
    for (const seed of seeders) await seed({ ...ctx, db: tx as unknown as Database });
  });
  return true;
}
