import type { Meta } from '@medplum/fhirtypes';

/*
 * Versions without a history table: every table behind a resource has an updated_at that the
 * database keeps (migration 0029's trigger carepoint_touch_updated_at), and each update moves it
 * forward by at least a millisecond. The version is that moment in milliseconds, so it changes
 * with every change of the rows the resource is made of and is the same on every read until then
 * (decision 0021).
 */

/** The latest of the moments a resource's rows were last changed. */
export const latest = (...moments: Array<Date | null | undefined>) =>
  new Date(Math.max(...moments.map((moment) => moment?.getTime() ?? 0)));

/** `meta.versionId` and `meta.lastUpdated` of a resource whose rows last changed at `updatedAt`. */
export const versionMeta = (updatedAt: Date): Meta => ({
  versionId: String(updatedAt.getTime()),
  lastUpdated: updatedAt.toISOString(),
});

/** A resource's ETag: weak (W/), as FHIR's versioning asks, carrying meta.versionId. */
export const etagOf = (meta: Meta | undefined) =>
  meta?.versionId === undefined ? undefined : `W/"${meta.versionId}"`;

/** Entity tags compare weakly (RFC 9110 §8.8.3.2): `"1"` and `W/"1"` are the same version. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a conditional read may answer 304: `If-None-Match` names the current ETag (or `*`),
 * or, without it, `If-Modified-Since` is no earlier than the last change (HTTP dates have whole
 * seconds, so the change's second is compared).
 */
export function notModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  meta: Meta | undefined,
): boolean {
  const etag = etagOf(meta);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (etag === undefined) return false;
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  const changed = Date.parse(meta?.lastUpdated ?? '');
  return !Number.isNaN(since) && !Number.isNaN(changed) && Math.floor(changed / 1000) * 1000 <= since;
}
