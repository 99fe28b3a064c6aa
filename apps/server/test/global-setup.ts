import { prepareMigratedPgliteTemplate } from '../src/db/client';
import { preparePgliteTemplate } from '../src/db/pglite-template';
import { preparePostgresTemplate } from './helpers';

/**
 * Every test file opens a fresh database; starting them from one migrated copy saves the
 * migrations each time (migrations.test.ts runs them on a bare database): on PGlite also initdb,
 * from one initialised cluster; on the PostgreSQL server, a template database.
 */
export default async function setup() {
  await preparePgliteTemplate();
  await prepareMigratedPgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
}
