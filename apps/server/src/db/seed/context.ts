import type { ServiceContext } from '../../lib/context';

/** What every seeder gets: a service context inside the seed's transaction, its clock fixed. */
export interface SeedContext extends ServiceContext {
  /** The seed's one instant (ctx.now() answers it too): demo records are placed relative to it. */
  seededAt: Date;
  /** The demo password's hash, computed once: argon2 is slow on purpose. */
  passwordHash: string;
}
