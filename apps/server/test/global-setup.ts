import { preparePgliteTemplate } from '../src/db/pglite-template';

/** Every test file opens a fresh PGlite; starting them from one initialised cluster saves initdb each time. */
export default async function setup() {
  await preparePgliteTemplate();
}
