/*
 * The one way numbers are written for people, on every screen, PDF, e-mail and message:
 * counts with a comma between thousands ("12,480"), sizes in KB or MB, elapsed times in
 * seconds or minutes. One locale's grouping (en-GB's, the same as Nigeria's), never the
 * device's. Money is `formatNaira` (transactions.ts).
 */

const countFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "12,480". */
export const formatCount = (n: number) => countFormat.format(n);

const MIB = 1024 * 1024;

/** "824 KB", "1.2 MB", "312 MB": a file's size. */
export function formatBytes(bytes: number): string {
  if (bytes < MIB) return `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const mb = bytes / MIB;
  return mb < 100 ? `${mb.toFixed(1)} MB` : `${formatCount(Math.round(mb))} MB`;
}

/** "850 ms", "4.2 s", "2 min 5 s": how long something took. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
