import { preparePgliteTemplate } from '../db/pglite-template';

/** Install step of `npm start`: initialises the embedded database's cluster once. */
const started = performance.now();
if (await preparePgliteTemplate()) {
  console.log(`Prepared the embedded database cluster in ${Math.round(performance.now() - started)} ms`);
}
