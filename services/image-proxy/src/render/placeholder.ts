import { seededNumbers } from '../domain/palette';
import { escapeXml, estimateEms, initials } from '../domain/text';
import { FONT_FAMILY } from './layout';

/**
 * Fine diagonal stripes as one path: librsvg draws a path far faster than a <pattern> fill
 * (about 1 ms against 35 ms for the art window).
 */
function stripes(width: number, height: number, seed: number): string {
  const step = 14;
  const slope = 0.5 + seed; // between 0.5 and 1.5: each character's stripes lean differently
  const rise = Math.round(height * slope);
  const parts: string[] = [];
  for (let x = -rise; x < width + step; x += step) parts.push(`M${x} ${height}l${rise} ${-height}`);
  return `<path d="${parts.join('')}" stroke="#ffffff" stroke-opacity="0.06" stroke-width="4"/>`;
}

/**
 * Generated art for a character without an image: a two-colour gradient, soft light spots and
 * fine stripes, with the character's initials in a halo. Everything is derived from the name,
 * so a character always gets the same art and different characters get different art.
 */
export function placeholderArtSvg(name: string, width: number, height: number, radius: number): string {
  const n = seededNumbers(name, 16);
  const at = (i: number) => n[i]!;
  const hue = Math.floor(at(0) * 360);
  const hue2 = Math.floor(hue + 40 + at(1) * 120) % 360;
  const angle = at(2) * Math.PI * 2;
  const [x1, y1] = [0.5 - Math.cos(angle) / 2, 0.5 - Math.sin(angle) / 2];
  const [x2, y2] = [1 - x1, 1 - y1];
  const spots = [3, 5, 7, 9, 11]
    .map((i) => {
      const cx = Math.round(at(i) * width);
      const cy = Math.round(at(i + 1) * height);
      const r = Math.round(40 + at(i + 2) * 110);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#spot)"/>`;
    })
    .join('');
  const letters = initials(name);
  const size = Math.floor(Math.min(120, (width * 0.62) / Math.max(estimateEms(letters), 1)));
  const cx = width / 2;
  const cy = height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="${x1.toFixed(3)}" y1="${y1.toFixed(3)}" x2="${x2.toFixed(3)}" y2="${y2.toFixed(3)}">
      <stop offset="0" stop-color="hsl(${hue},68%,52%)"/>
      <stop offset="1" stop-color="hsl(${hue2},62%,20%)"/>
    </linearGradient>
    <radialGradient id="spot"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <clipPath id="window"><rect width="${width}" height="${height}" rx="${radius}"/></clipPath>
  </defs>
  <g clip-path="url(#window)">
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${stripes(width, height, at(13))}
    ${spots}
    <circle cx="${cx}" cy="${cy}" r="${Math.round(width * 0.3)}" fill="#ffffff" fill-opacity="0.1" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>
    <text x="${cx}" y="${Math.round(cy + size * 0.36)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${escapeXml(letters)}</text>
  </g>
</svg>`;
}
