import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';

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
 * Whether the request's If-None-Match names the current ETag (RFC 9110 §13.1.2: weak comparison,
 * a list of tags, or `*`), in which case the answer is 304; by the `fresh` package, so a request
 * saying `Cache-Control: no-cache` always gets the bytes.
 */
export function ifNoneMatchHits(requestHeaders: IncomingHttpHeaders, etag: string): boolean {
  return fresh(requestHeaders, { etag });
}
