// `npm start`: builds what changed since the last build, prepares the embedded database's
// template on first use, then runs the built server in this same process (npm + one node).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.mjs';

const serverDist = path.resolve(import.meta.dirname, '../apps/server/dist');

try {
  await build(undefined, { onlyChanged: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// On a PostgreSQL server there is no embedded database to prepare. The template's initdb runs in
// its own short-lived process: its memory peak would otherwise stay with the server for good.
if (!process.env.DATABASE_URL) {
  const prepared = spawnSync(process.execPath, [path.join(serverDist, 'prepare-embedded.js')], {
    stdio: 'inherit',
  });
  if (prepared.status !== 0) process.exit(1);
}

await import(pathToFileURL(path.join(serverDist, 'main.js')).href);
