import type { StartConfig } from '../config';
import { databaseStartupError } from '../startup-error';
import { type DatabaseHandle, openPglite, openPostgres } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export async function openDatabase(config: StartConfig): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) return openPglite(config.DATA_DIR);
  try {
    return await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  } catch (error) {
    throw databaseStartupError(error, config.DATABASE_URL) ?? error;
  }
}
