import { prepareMigratedPgliteTemplate } from '../src/db/client';
import { preparePgliteTemplate } from '../src/db/pglite-template';

/**
 * Every test file opens a fresh PGlite; starting them from one initialised, migrated cluster
 * saves initdb and the migrations each time (migrations.test.ts runs them on the bare cluster).
 */
export default async function setup() {
  await preparePgliteTemplate();
  await prepareMigratedPgliteTemplate();
}
