/** Escapes text for SVG/XML content and attributes. */
export const escapeXml = (s: string): string =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A colour we put into SVG: only #rgb/#rrggbb pass, anything else becomes the neutral grey. */
export const safeColor = (c: string | null | undefined): string =>
  c && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : '#9e9e9e';

/** FNV-1a: a stable small hash of a name, for deterministic placeholder art. */
export function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Up to two initials, from the first letters of the first two words (any script). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s·・_-]+/u)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0]!.toUpperCase());
  return letters.join('') || '?';
}

export const FONT = 'DejaVu Sans, Noto Sans CJK JP, Noto Sans, sans-serif';
