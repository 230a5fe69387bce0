import fresh from 'fresh';

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: weak comparison, a list
 * of tags, or `*`), so the answer is 304 Not Modified. The parsing is the `fresh` package's;
 * only If-None-Match is given to it, because an origin server answers a conditional request
 * with 304 even when it says `Cache-Control: no-cache` (that is how caches and fetch()
 * revalidate), which `fresh` alone would turn into a full answer.
 */
export function ifNoneMatchHits(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(', ') : ifNoneMatch;
  if (!header) return false;
  return fresh({ 'if-none-match': header }, { etag });
}
