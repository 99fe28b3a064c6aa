/*
 * What the rows measured through the HTTP API share: a demo account's bearer token, and closed-loop
 * readers (each sends its next request when the last answered) timing every answer.
 */

const seconds = Math.max(3, Number(process.env.BENCH_SECONDS ?? 8) / 2);

/** Signs a demo account in (password carepoint-demo) and answers its Authorization header. */
export async function token(origin: string, email: string) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'carepoint-demo' }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * `connections` loops each sending its next request when the last answered, for BENCH_SECONDS / 2
 * (at least 3 s), or until `request` has none left (null): p50 and p95 in ms of every answer, how
 * many answered, and how many failed.
 */
export async function closedLoop(connections: number, request: (loop: number) => Promise<Response> | null) {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async (n: number) => {
    while (performance.now() < end) {
      const start = performance.now();
      const sent = request(n);
      if (!sent) return;
      const res = await sent;
      await res.arrayBuffer();
      times.push(performance.now() - start);
      if (!res.ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => loop(n)));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, failed };
}

/** `connections` loops reading, loop i reading `urls[i % n]` (closedLoop). */
export const readLoad = (urls: readonly string[], headers: Record<string, string>, connections: number) =>
  closedLoop(connections, (n) => fetch(urls[n % urls.length] ?? '', { headers }));
