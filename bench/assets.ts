/**
 * The web app's budgets (docs/performance.md), measured against a running server that serves the
 * build: what the landing page's first load costs on the wire (brotli, gzip, raw), its
 * JavaScript gzipped (under 100 kB), the largest screen's code beyond that first load and the
 * router gzipped (under 150 kB), pre-compressed serving with immutable caching, and Lighthouse's mobile
 * performance score (95+; run with npx and the system Chromium, CHROME_PATH or /usr/bin/chromium).
 * `npx tsx bench/assets.ts http://127.0.0.1:3000` prints the rows on their own.
 * Sizes are in kB of 1,000 bytes, as Vite reports them.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './table';

const FIRST_LOAD_JS_BUDGET = 100_000;
const ROUTE_CHUNK_BUDGET = 150_000;
const LIGHTHOUSE_BUDGET = 95;

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes as they came over the wire (not decompressed). */
  wire: number;
}

/** A GET asking for one encoding, counting the body's bytes as sent. */
function get(url: string, encoding: Encoding): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => {
        wire += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The plain text of a file (asked for uncompressed). */
function text(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** What index.html loads at once: the entry script, its module preloads and the style sheets. */
function firstLoadFiles(html: string) {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isLoaded = /type="module"/.test(tag) || /rel="(?:modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (isLoaded && url) files.add(url);
  }
  return [...files];
}

/** Every chunk a chunk names (static and dynamic imports, Vite's preload lists), and its static imports. */
function references(code: string) {
  const named = new Set<string>();
  for (const match of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g))
    named.add(`/assets/${match[1]}`);
  const imports = new Set<string>();
  // `import{a as b}from"./x.js"` or `import"./x.js"`, never `import("./x.js")`.
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?from\s*)?["']\.\/([\w.-]+\.js)["']/g)) {
    imports.add(`/assets/${match[1]}`);
  }
  return { named, imports };
}

/** The JavaScript graph reachable from the first load, read over HTTP. */
async function chunkGraph(origin: string, roots: string[]) {
  const graph = new Map<string, Set<string>>();
  const queue = [...roots];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (graph.has(file)) continue;
    const { named, imports } = references(await text(origin + file));
    graph.set(file, imports);
    for (const next of named) if (!graph.has(next)) queue.push(next);
  }
  return graph;
}

/** A chunk with everything it statically imports. */
function closure(graph: Map<string, Set<string>>, file: string) {
  const seen = new Set<string>();
  const stack = [file];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.get(next) ?? []));
  }
  return seen;
}

/** Lighthouse's mobile performance score (0–100), or why it could not run. */
function lighthouse(origin: string): Promise<{ score: number } | { error: string }> {
  const args = [
    '--yes',
    'lighthouse@12',
    `${origin}/`,
    '--only-categories=performance',
    '--form-factor=mobile',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
  return new Promise((resolve) => {
    execFile('npx', args, { env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        const report = JSON.parse(stdout) as { categories?: { performance?: { score?: number | null } } };
        const score = report.categories?.performance?.score;
        if (typeof score === 'number') return resolve({ score: Math.round(score * 100) });
        resolve({ error: 'no performance score in the report' });
      } catch {
        const reason = (error?.message ?? stderr).split('\n').find((line) => line.trim()) ?? 'unknown error';
        resolve({ error: reason.slice(0, 120) });
      }
    });
  });
}

export async function assetRows(origin: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const html = await text(`${origin}/`);
  const files = ['/', ...firstLoadFiles(html)];
  const scripts = files.filter((file) => file.endsWith('.js'));

  // 1. The landing page's first load, as each encoding sends it.
  const wire = Object.fromEntries(
    await Promise.all(
      ENCODINGS.map(async (encoding) => {
        const answers = await Promise.all(files.map((file) => get(origin + file, encoding)));
        const ok = answers.every((res) => res.status === 200);
        return [encoding, ok ? answers.reduce((sum, res) => sum + res.wire, 0) : Number.NaN] as const;
      }),
    ),
  ) as Record<Encoding, number>;
  rows.push({
    measure: `landing page first load on the wire (${files.length} files: HTML, JS, CSS)`,
    budget: 'brotli < gzip < raw',
    result: `brotli ${kB(wire.br)}, gzip ${kB(wire.gzip)}, raw ${kB(wire.identity)}`,
    pass: wire.br < wire.gzip && wire.gzip < wire.identity,
  });

  // 2. Its JavaScript, gzipped.
  const gzipped = async (list: Iterable<string>) => {
    const answers = await Promise.all([...list].map((file) => get(origin + file, 'gzip')));
    return answers.reduce((sum, res) => sum + res.wire, 0);
  };
  const firstLoadJs = await gzipped(scripts);
  rows.push({
    measure: `landing page first-load JavaScript, gzipped (${scripts.length} files)`,
    budget: `< ${kB(FIRST_LOAD_JS_BUDGET)}`,
    result: kB(firstLoadJs),
    pass: firstLoadJs < FIRST_LOAD_JS_BUDGET,
  });

  // 3. The most a screen brings beyond what every signed-in page has: the first load and the
  // router (main.tsx's lazily loaded app chunk, app-*.js, with its static imports).
  const graph = await chunkGraph(origin, scripts);
  const firstLoad = new Set(scripts.flatMap((file) => [...closure(graph, file)]));
  const router = [...graph.keys()].filter((file) => /^\/assets\/app-[\w-]+\.js$/.test(file));
  const shared = new Set([...firstLoad, ...router.flatMap((file) => [...closure(graph, file)])]);
  const beyond = async (file: string, loaded: Set<string>) =>
    gzipped([...closure(graph, file)].filter((dep) => !loaded.has(dep)));
  let largest = { file: '', bytes: 0 };
  for (const file of graph.keys()) {
    if (shared.has(file)) continue;
    const bytes = await beyond(file, shared);
    if (bytes > largest.bytes) largest = { file, bytes };
  }
  const withRouter = largest.file ? await beyond(largest.file, firstLoad) : 0;
  rows.push({
    measure: `largest lazily loaded chunk with its static imports beyond the first load and the router, gzipped (of ${graph.size - shared.size})`,
    budget: `< ${kB(ROUTE_CHUNK_BUDGET)}`,
    result: `${kB(largest.bytes)} (${largest.file.replace('/assets/', '')}; ${kB(withRouter)} with the router${router.length === 0 ? ', which was not found' : ''})`,
    pass: router.length > 0 && largest.bytes < ROUTE_CHUNK_BUDGET,
  });

  // 4. Pre-compressed serving: the encoding asked for, Vary, a year's immutable caching.
  const entry = scripts[0] ?? '';
  const [br, gz] = await Promise.all([get(origin + entry, 'br'), get(origin + entry, 'gzip')]);
  const immutable = (res: Fetched) =>
    /max-age=31536000/.test(String(res.headers['cache-control'])) &&
    /immutable/.test(String(res.headers['cache-control']));
  const varies = (res: Fetched) => /accept-encoding/i.test(String(res.headers.vary));
  const served = br.headers['content-encoding'] === 'br' && gz.headers['content-encoding'] === 'gzip';
  rows.push({
    measure: 'hashed assets served pre-compressed, cached immutable',
    budget: 'br and gzip, Vary, immutable',
    result: `Content-Encoding ${br.headers['content-encoding'] ?? 'none'} / ${gz.headers['content-encoding'] ?? 'none'}, Cache-Control ${br.headers['cache-control'] ?? 'none'}`,
    pass: served && varies(br) && varies(gz) && immutable(br) && immutable(gz),
  });

  // 5. Lighthouse (mobile) on the landing page.
  const audit = await lighthouse(origin);
  rows.push({
    measure: 'landing page Lighthouse performance (mobile)',
    budget: `≥ ${LIGHTHOUSE_BUDGET}`,
    result: 'score' in audit ? String(audit.score) : `could not run: ${audit.error}`,
    pass: 'score' in audit && audit.score >= LIGHTHOUSE_BUDGET,
  });
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const origin = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  for (const row of await assetRows(origin)) {
    console.log(`${row.pass ? 'pass' : 'FAIL'}  ${row.measure}: ${row.result} (budget ${row.budget})`);
  }
}
