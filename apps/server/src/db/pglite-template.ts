import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverDir } from '../server-dir';
import { shippedIcd10cm } from './code-systems';

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
const cacheDir = path.join(serverDir, '.cache');
const templateDir = path.join(cacheDir, `pglite-cluster-${pgliteVersion}`);
const MIGRATED_PREFIX = `pglite-migrated-${pgliteVersion}-`;

/**
 * What the migrations folder holds (journal and SQL) and the shipped code tables, as a short
 * digest: a migrated template serves only these.
 */
export const migrationsDigest = (() => {
  let digest: string | undefined;
  return () => {
    if (digest) return digest;
    const folder = path.join(serverDir, 'drizzle');
    const hash = createHash('sha256');
    const files = ['meta/_journal.json', ...fs.readdirSync(folder).filter((f) => f.endsWith('.sql'))];
    for (const file of files.sort()) hash.update(file).update(fs.readFileSync(path.join(folder, file)));
    // The templates hold the shipped code tables too (db/code-systems.ts): a new table, a new template.
    hash.update(shippedIcd10cm().version);
    digest = hash.digest('hex').slice(0, 16);
    return digest;
  };
})();
const migratedTemplateDir = () => path.join(cacheDir, `${MIGRATED_PREFIX}${migrationsDigest()}`);

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

/**
 * The cluster with every current migration applied, made once per set of migrations (at install
 * time by `npm start`, and before the tests): a new embedded database then starts without running
 * the migrations one by one, which took a fresh start most of a second. `migrate` applies them to
 * the directory it is given. Templates of other migrations are removed.
 */
export async function prepareMigratedTemplate(migrate: (pgDir: string) => Promise<void>): Promise<boolean> {
  const target = migratedTemplateDir();
  if (!isNewDataDir(target) || isNewDataDir(templateDir)) return false;
  // A directory of its own: two starts (or two test projects) may prepare at the same time.
  const partial = fs.mkdtempSync(path.join(cacheDir, 'preparing-'));
  try {
    fs.cpSync(templateDir, partial, { recursive: true });
    await migrate(partial);
    // Another process finished first: its template is the same.
    if (!isNewDataDir(target)) return false;
    for (const entry of fs.readdirSync(cacheDir)) {
      if (entry.startsWith(MIGRATED_PREFIX))
        fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
    }
    fs.renameSync(partial, target);
    return true;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** Whether this build's migrations have their migrated template. */
export const hasMigratedTemplate = () => !isNewDataDir(migratedTemplateDir());

/**
 * Fills a new data directory with a copy of a template: the migrated one when it matches this
 * build's migrations (else the bare cluster, and the migrations run at start), or the bare
 * cluster when asked for (to test the migrations themselves). False when there is no template.
 */
export function copyPgliteTemplate(pgDir: string, kind: 'migrated' | 'bare' = 'migrated'): boolean {
  if (!isNewDataDir(pgDir)) return false;
  const migrated = migratedTemplateDir();
  const source = kind === 'migrated' && !isNewDataDir(migrated) ? migrated : templateDir;
  if (isNewDataDir(source)) return false;
  fs.cpSync(source, pgDir, { recursive: true });
  return true;
}
