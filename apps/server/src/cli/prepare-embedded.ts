import { prepareMigratedPgliteTemplate } from '../db/client';
import { preparePgliteTemplate } from '../db/pglite-template';

/**
 * Install step of `npm start`: initialises the embedded database's cluster once, then a copy
 * of it with this build's migrations applied (once per set of migrations), so that a new data
 * directory starts migrated. When both exist it only looks for them.
 */
const started = performance.now();
const cluster = await preparePgliteTemplate();
const migrated = await prepareMigratedPgliteTemplate();
if (cluster || migrated) {
  console.log(`Prepared the embedded database templates in ${Math.round(performance.now() - started)} ms`);
}
