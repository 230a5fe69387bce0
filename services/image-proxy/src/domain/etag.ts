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
