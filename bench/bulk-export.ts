/**
 * Rows for FHIR Bulk Data export (apps/server/src/modules/fhir/bulk), measured on the running
 * embedded server with demo data and 100,000 patients (run.ts, embedded measures; alone with
 * `npm run bench -- --bulk-export-only`): a system-level export of every patient with their
 * resources, from kick-off to the manifest; the server's peak resident memory meanwhile and while
 * the files are downloaded; and the page reads of a few users while the export runs.
 */
import { ms, readWhile } from './backups';
import type { BenchRow } from './table';

const POLL_MS = 250;
const QUIET_MS = 5_000;

interface Manifest {
  output: Array<{ type: string; url: string; count: number }>;
}

/** Streams a file to nothing: its bytes and lines, never held whole. */
async function drain(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

export async function bulkExportRows(
  origin: string,
  headers: Record<string, string>,
  /** The server's resident memory now, in MB (all its processes). */
  rssMb: () => number,
): Promise<BenchRow[]> {
  // The same reads first without an export, to compare.
  const quietEnd = performance.now() + QUIET_MS;
  const quiet = await readWhile(origin, headers, () => performance.now() > quietEnd);
  let peak = rssMb();
  const before = peak;
  const sample = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, POLL_MS);
  try {
    const started = performance.now();
    const kickOff = await fetch(`${origin}/fhir/R4/$export`, {
      headers: { ...headers, prefer: 'respond-async' },
    });
    const location = kickOff.headers.get('content-location');
    if (kickOff.status !== 202 || !location) throw new Error(`$export answered ${kickOff.status}`);
    const statusUrl = `${origin}${new URL(location).pathname}`;

    let manifest: Manifest | undefined;
    const reads = readWhile(origin, headers, () => manifest !== undefined);
    while (!manifest) {
      const res = await fetch(statusUrl, { headers });
      if (res.status === 200) manifest = (await res.json()) as Manifest;
      else if (res.status === 202) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      else throw new Error(`the export's status answered ${res.status}`);
    }
    const during = await reads;
    const exportSeconds = (performance.now() - started) / 1000;
    const exportPeak = peak;

    const downloadStart = performance.now();
    let bytes = 0;
    let resources = 0;
    for (const file of manifest.output) {
      const got = await drain(`${origin}${new URL(file.url).pathname}`, headers);
      if (got.lines !== file.count) throw new Error(`${file.type}: ${got.lines} lines, ${file.count} listed`);
      bytes += got.bytes;
      resources += got.lines;
    }
    const downloadSeconds = (performance.now() - downloadStart) / 1000;
    const patients = manifest.output.find((file) => file.type === 'Patient')?.count ?? 0;
    await fetch(statusUrl, { method: 'DELETE', headers });
    const mb = Math.round(bytes / 1024 / 1024);
    return [
      {
        measure: `FHIR bulk export, system level, ${patients.toLocaleString('en-US')} patients with their resources: kick-off to manifest`,
        budget: '< 120 s',
        result:
          `${exportSeconds.toFixed(1)} s (${resources.toLocaleString('en-US')} resources in ` +
          `${manifest.output.length} files, ${mb} MB; download ${downloadSeconds.toFixed(1)} s)`,
        pass: exportSeconds < 120,
      },
      {
        measure: 'FHIR bulk export: server resident memory, peak while exporting / downloading',
        budget: '< 200 MB above idle',
        result: `${exportPeak} / ${peak} MB (${before} MB before)`,
        pass: peak - before < 200,
      },
      {
        measure: 'page read (admin patients) by 4 users while the export runs: p50 / p99 (without one)',
        budget: 'p99 < 4× without',
        result:
          `${ms(during.p50)} / ${ms(during.p99)} (${ms(quiet.p50)} / ${ms(quiet.p99)}); ` +
          `longest ${ms(during.max)}; ${during.count} reads during`,
        pass: during.p99 < Math.max(4 * quiet.p99, 20),
      },
    ];
  } finally {
    clearInterval(sample);
  }
}
