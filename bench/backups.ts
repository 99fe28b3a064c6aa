/**
 * Rows for the embedded database's backups (apps/server/src/modules/backups), measured on the
 * running embedded server with demo data and 100,000 patients (run.ts, embedded measures; alone
 * with `npm run bench -- --backups-only`):
 *  - how long one backup takes (Back up now to the file on disk), the dump's size, and how long
 *    requests were held while the database's files were copied;
 *  - what a backup costs the requests that arrive meanwhile: the p50 and p99 of a signed-in page
 *    read (the admin patients list, each read audited) from a few users at once while a backup
 *    runs, against the same reads just before without one.
 */
import type { BenchRow } from './table';

const USERS = 4;
const BASELINE_MS = 10_000;
const PAGE = '/api/admin/patients?page=2';

interface Figures {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, count: sorted.length };
};

/** USERS loops reading the page one request after another until `done()`: each read's time in ms. */
export async function readWhile(origin: string, headers: Record<string, string>, done: () => boolean) {
  const times: number[] = [];
  const user = async () => {
    while (!done()) {
      const start = performance.now();
      const res = await fetch(`${origin}${PAGE}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${PAGE} answered ${res.status}`);
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: USERS }, user));
  return figures(times);
}

interface Overview {
  running: boolean;
  backups: Array<{
    fileName: string | null;
    result: string;
    durationMs: number | null;
    bytes: number | null;
  }>;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function backupRows(origin: string, headers: Record<string, string>): Promise<BenchRow[]> {
  const json = { ...headers, 'content-type': 'application/json' };
  const overview = async () =>
    (await (await fetch(`${origin}/api/admin/backups`, { headers })).json()) as Overview;

  // Warm-up, then the reads without a backup.
  const warm = performance.now() + 3000;
  await readWhile(origin, headers, () => performance.now() > warm);
  const quietEnd = performance.now() + BASELINE_MS;
  const quiet = await readWhile(origin, headers, () => performance.now() > quietEnd);

  // The same reads while a backup runs, from Back up now until it is listed.
  const started = await fetch(`${origin}/api/admin/backups`, { method: 'POST', headers: json, body: '{}' });
  if (started.status !== 202) throw new Error(`Back up now answered ${started.status}`);
  let finished = false;
  const watching = (async () => {
    while ((await overview()).running) await new Promise((r) => setTimeout(r, 200));
    finished = true;
  })();
  const during = await readWhile(origin, headers, () => finished);
  await watching;

  const [backup] = (await overview()).backups;
  if (backup?.result !== 'succeeded') throw new Error(`The backup ${backup?.result ?? 'is missing'}`);
  const audit = (await (
    await fetch(`${origin}/api/admin/audit?action=backup.create&limit=1`, { headers })
  ).json()) as {
    data: Array<{
      details: { heldMs: number; heldBytes: number; copiedBytes: number; recoveredMs: number; rssMb: number };
    }>;
  };
  const details = audit.data[0]?.details;
  const seconds = (backup.durationMs ?? 0) / 1000;
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  return [
    {
      measure: 'backup of the running embedded server, 100,000 patients: Back up now to the file on disk',
      budget: '< 60 s',
      result:
        `${seconds.toFixed(1)} s (dump ${mb(backup.bytes ?? 0)}; of the ${mb(details?.copiedBytes ?? 0)} of files ` +
        `copied, ${mb(details?.heldBytes ?? 0)} with requests held, for ${details?.heldMs} ms; ` +
        `the copy opened in ${details?.recoveredMs} ms; server ${details?.rssMb} MB resident at the dump's end)`,
      pass: seconds < 60,
    },
    {
      measure: `page read (admin patients) by ${USERS} users while a backup runs: p50 / p99 (without one)`,
      budget: 'p99 < 4× without, < 250 ms',
      result:
        `${ms(during.p50)} / ${ms(during.p99)} (${ms(quiet.p50)} / ${ms(quiet.p99)}); ` +
        `longest ${ms(during.max)}; ${during.count} reads during, ${quiet.count} without`,
      pass: during.p99 < Math.max(4 * quiet.p99, 20) && during.p99 < 250,
    },
  ];
}
