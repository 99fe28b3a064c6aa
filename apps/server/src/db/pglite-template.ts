import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs initdb in a second WebAssembly instance when a data directory is new: seconds
 * of CPU and a memory peak the process never gives back. We run it once, at install time,
 * and start every new embedded database (and every test database) from that cluster.
 */
const pgliteVersion = (() => {
  // The package does not export its package.json; find it beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
})();
const templateFile = path.resolve(import.meta.dirname, `../../.cache/pglite-cluster-${pgliteVersion}.tar.gz`);

export function pgliteTemplate(): Blob | undefined {
  return fs.existsSync(templateFile) ? new Blob([fs.readFileSync(templateFile)]) : undefined;
}

/** Creates the initialised cluster if it is not there yet; answers whether it did. */
export async function preparePgliteTemplate(): Promise<boolean> {
  if (fs.existsSync(templateFile)) return false;
  const client = new PGlite();
  await client.waitReady;
  const tarball = await client.dumpDataDir('gzip');
  await client.close();
  fs.mkdirSync(path.dirname(templateFile), { recursive: true });
  const partial = `${templateFile}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(partial, templateFile);
  return true;
}

export const isNewDataDir = (pgDir: string) => !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
