// Builds the web app (Vite) and the server (esbuild). `node scripts/build.mjs` builds both;
// `--changed` builds only those whose sources differ from their last build (npm start uses it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const stampDir = path.join(root, '.cache/build');

// What both builds read: the shared contract, the installed versions, and this script.
const shared = [
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

const runNpm = (args) => {
  // Under npm (npm start, npm run build) reuse the npm that runs us; otherwise the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  // A build is always a production build: the browser tests start the app with NODE_ENV=test,
  // and Vite would otherwise bundle React's development build into what they test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(command, [...prefix, ...args], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
};

export const targets = {
  web: {
    label: 'the web app',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...shared,
    ],
    output: 'apps/web/dist/index.html',
    // Through npm, so whatever the web package's build script does stays the one definition.
    build: async () => runNpm(['run', 'build', '-w', '@carepoint/web']),
  },
  server: {
    label: 'the server',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...shared],
    output: 'apps/server/dist/main.js',
    build: async () => (await import('../apps/server/build.mjs')).buildServer(),
  },
};

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Every source file, in a stable order (tests excluded: they are not part of a build). */
function listFiles(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .filter((file) => !isTest(file))
    .sort();
}

/**
 * A hash of the sources' names and contents. Contents, not modification times: a checkout
 * that rewrites files unchanged costs no build, and one that brings older files back does.
 */
export function fingerprint(target) {
  const hash = createHash('sha256');
  for (const file of target.sources.flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (name) => path.join(stampDir, `${name}.stamp`);
const readStamp = (name) => (fs.existsSync(stampFile(name)) ? fs.readFileSync(stampFile(name), 'utf8') : '');

/** Whether the target's build is missing or was made from other sources. */
export const isStale = (name, print = fingerprint(targets[name])) =>
  !fs.existsSync(path.join(root, targets[name].output)) || readStamp(name) !== print;

/** Builds the named targets (all of them, or only the stale ones with onlyChanged). */
export async function build(names = Object.keys(targets), { onlyChanged = false } = {}) {
  for (const name of names) {
    const target = targets[name];
    const print = fingerprint(target);
    if (onlyChanged && !isStale(name, print)) continue;
    const started = performance.now();
    console.log(`Building ${target.label}…`);
    await target.build();
    fs.mkdirSync(stampDir, { recursive: true });
    fs.writeFileSync(stampFile(name), print);
    console.log(`Built ${target.label} in ${Math.round(performance.now() - started)} ms`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !(name in targets));
  if (unknown.length > 0) {
    console.error(`Unknown build target ${unknown.join(', ')}: use ${Object.keys(targets).join(', ')}.`);
    process.exit(2);
  }
  try {
    await build(names.length > 0 ? names : undefined, { onlyChanged: args.includes('--changed') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
