import type { Database } from '../client';

export interface SeedContext {
  db: Database;
  now: Date;
  timeZone: string;
  /** The demo password's hash, computed once: argon2 is slow on purpose. */
  passwordHash: string;
}
