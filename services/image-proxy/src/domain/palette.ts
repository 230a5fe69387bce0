import { createHash } from 'node:crypto';

/** The neutral grey of the lowest rank, used when a rank's colour is not a plain hex colour. */
export const FALLBACK_COLOR = '#9e9e9e';

/**
 * A rank colour safe to place into SVG: #rgb or #rrggbb, expanded and lower-cased; anything
 * else (names, url(), scripts) becomes the neutral grey.
 */
export function safeColor(color: string | null | undefined): string {
  const c = (color ?? '').trim();
  if (/^#[0-9a-f]{6}$/i.test(c)) return c.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(c)) return `#${[...c.slice(1)].map((d) => d + d).join('')}`.toLowerCase();
  return FALLBACK_COLOR;
}

export const rgbOf = (hex: string): [number, number, number] => {
  const c = safeColor(hex);
  return [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
};

/** Dark text on light colours (gold, cyan), white text on dark ones: WCAG relative luminance. */
export function textColorOn(background: string): '#111111' | '#ffffff' {
  const [r, g, b] = rgbOf(background).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? '#111111' : '#ffffff';
}

/** Deterministic numbers in [0, 1) from a name: the same name always draws the same art. */
export function seededNumbers(name: string, count: number): number[] {
  const bytes = createHash('sha256').update(name).digest();
  return Array.from({ length: count }, (_, i) => bytes.readUInt16BE((i * 2) % 30) / 65536);
}
