/** A stored detail value as words: lists joined, nested records as "key: value" pairs. */
function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(describe).join(', ') : 'none';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${describe(v)}`)
      .join('; ');
  return String(value);
}

/**
 * The server writes identical reads that waited for one statement as one row: `repeated` says
 * how many and the last one's time (docs/security.md "The audit trail"). Said in words, first:
 * how many, and within how long of the row's own time (the first read's), milliseconds apart.
 */
function repeatedLine(value: unknown, at: string): readonly [string, string] | null {
  if (typeof value !== 'object' || value === null) return null;
  const { times, lastAt } = value as { times?: unknown; lastAt?: unknown };
  if (typeof times !== 'number' || typeof lastAt !== 'string') return null;
  const span = Math.max(0, Date.parse(lastAt) - Date.parse(at));
  const within = span < 1000 ? `${span} ms` : `${(span / 1000).toFixed(1)} s`;
  return ['repeated', `${times} times within ${within}`];
}

/** Lines longer than this, or more than SHOWN_LINES of them, are cut in the row and shown whole on demand. */
const SHORT = 60;
const SHOWN_LINES = 2;

/**
 * An audit event's details as readable "key: value" lines (never raw JSON); long ones open in
 * place with "Show all", so the table stays one row per event.
 */
export function AuditDetails({ details, at }: { details: Record<string, unknown> | null; at: string }) {
  const repeated = repeatedLine(details?.repeated, at);
  const lines = [
    ...(repeated ? [repeated] : []),
    ...Object.entries(details ?? {})
      .filter(([key]) => !repeated || key !== 'repeated')
      .map(([key, value]) => [key, describe(value)] as const),
  ];
  if (lines.length === 0) return <>—</>;
  const list = (shown: ReadonlyArray<readonly [string, string]>, cut: boolean) => (
    <dl className="grid max-w-80 min-w-48 gap-0.5 text-left text-xs">
      {shown.map(([key, text]) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="shrink-0 font-medium text-ink">{key}:</dt>
          <dd className={cut ? 'min-w-0 truncate' : 'min-w-0 break-words'}>{text}</dd>
        </div>
      ))}
    </dl>
  );
  const long = lines.length > SHOWN_LINES || lines.some(([, text]) => text.length > SHORT);
  if (!long) return list(lines, false);
  return (
    <details className="group max-w-80 min-w-48">
      <summary className="cursor-pointer list-none">
        <span className="group-open:hidden">{list(lines.slice(0, SHOWN_LINES), true)}</span>
        <span className="text-xs font-medium text-primary-800 underline">
          <span className="group-open:hidden">Show all</span>
          <span className="hidden group-open:inline">Show less</span>
        </span>
      </summary>
      <div className="mt-1">{list(lines, false)}</div>
    </details>
  );
}
