import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export const openDatabase = (config: Config): Promise<DatabaseHandle> =>
  config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : openPglite(config.DATA_DIR);
