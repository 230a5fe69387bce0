import { createHash } from 'node:crypto';

// Characters an entity tag may hold unquoted-safe; anything else is hashed away.
const SAFE_TAG = /^[A-Za-z0-9_.-]{1,80}$/;

/**
 * A strong ETag from the parts that decide an image's bytes (card version, render style,
 * format). Readable when the parts are plain; hashed when a part holds other characters.
 */
export function strongEtag(parts: ReadonlyArray<string | number>): string {
  const tag = parts.join('.');
  if (SAFE_TAG.test(tag)) return `"${tag}"`;
  return `"${createHash('sha256').update(tag).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether If-None-Match names the current ETag (RFC 9110 §13.1.2: weak comparison, a list of
 * tags, or `*`), in which case the answer is 304.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === opaque);
}
