import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverDir } from '../server-dir';

/**
 * PGlite runs initdb in a second WebAssembly instance when a data directory is new: seconds
 * of CPU and a memory peak the process never gives back. We run it once, at install time,
 * into a template cluster, and every new embedded database (and test database) starts as a
 * copy of it.
 */
const pgliteVersion = (() => {
  // The package does not export its package.json; find it beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
})();
const templateDir = path.join(serverDir, `.cache/pglite-cluster-${pgliteVersion}`);

export const isNewDataDir = (pgDir: string) => !fs.existsSync(path.join(pgDir, 'PG_VERSION'));

/** Creates the template cluster if it is not there yet; answers whether it did. */
export async function preparePgliteTemplate(): Promise<boolean> {
  if (!isNewDataDir(templateDir)) return false;
  const partial = `${templateDir}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(partial), { recursive: true });
  // Loaded only here: `npm start` checks for the template on every start, and finding it costs no WebAssembly.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(partial);
  await client.waitReady;
  await client.close();
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.renameSync(partial, templateDir);
  return true;
}

/** Fills a new data directory with a copy of the template; false when there is no template. */
export function copyPgliteTemplate(pgDir: string): boolean {
  if (isNewDataDir(templateDir) || !isNewDataDir(pgDir)) return false;
  fs.cpSync(templateDir, pgDir, { recursive: true });
  return true;
}
