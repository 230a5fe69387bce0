import sharp from 'sharp';

export interface PortraitOptions {
  width?: number;
  height?: number;
}

/** A small deterministic generator (mulberry32), so portrait n always looks the same. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The features of portrait n: colours and shapes chosen from n alone. */
function featuresOf(n: number) {
  const r = random(n * 7919 + 17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
  return {
    backgroundHue: Math.floor(r() * 360),
    hairHue: pick([8, 25, 40, 48, 200, 220, 275, 330, 0, 350]),
    hairLightness: pick([18, 28, 40, 55, 70]),
    hairSaturation: pick([20, 45, 65, 80]),
    eyeHue: pick([0, 30, 120, 190, 210, 270, 300]),
    clothesHue: Math.floor(r() * 360),
    skin: pick(['#f8dcc8', '#f3cfb6', '#eec3a5', '#fbe3d3']),
    longHair: r() < 0.6,
    ribbon: r() < 0.4,
    smile: r() < 0.7,
    bokeh: Array.from({ length: 9 }, () => [r() * 600, r() * 500, 20 + r() * 60, 0.1 + r() * 0.25] as const),
  };
}

/** The portrait as SVG on a 600x800 canvas (scaled to the asked size, cropped to fill). */
export function portraitSvg(n: number, width = 600, height = 800): string {
  const f = featuresOf(n);
  const hair = (dl: number) =>
    `hsl(${f.hairHue}, ${f.hairSaturation}%, ${Math.max(8, f.hairLightness + dl)}%)`;
  const eye = (l: number) => `hsl(${f.eyeHue}, 70%, ${l}%)`;
  const bg = (dh: number, l: number) => `hsl(${(f.backgroundHue + dh) % 360}, 55%, ${l}%)`;
  const clothes = (l: number) => `hsl(${f.clothesHue}, 50%, ${l}%)`;
  const bokeh = f.bokeh
    .map(
      ([x, y, radius, o]) =>
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${radius.toFixed(0)}" fill="#fff" opacity="${o.toFixed(2)}"/>`,
    )
    .join('');
  const longLocks = f.longHair
    ? `<path d="M150 330 C110 520 130 700 170 800 L260 800 C230 650 220 500 230 380 Z" fill="url(#hair)"/>
<path d="M450 330 C490 520 470 700 430 800 L340 800 C370 650 380 500 370 380 Z" fill="url(#hair)"/>`
    : '';
  const eyeAt = (cx: number, flip: number) => `
<g>
  <ellipse cx="${cx}" cy="420" rx="38" ry="30" fill="#ffffff"/>
  <ellipse cx="${cx + flip * 2}" cy="424" rx="25" ry="30" fill="url(#iris)"/>
  <ellipse cx="${cx + flip * 2}" cy="428" rx="11" ry="15" fill="#1a1020"/>
  <circle cx="${cx - 8}" cy="412" r="8" fill="#ffffff"/>
  <circle cx="${cx + 10}" cy="438" r="4" fill="#ffffff" opacity="0.8"/>
  <path d="M${cx - 44} 410 Q${cx} 374 ${cx + 44} 404" stroke="#2a1a22" stroke-width="8" fill="none" stroke-linecap="round"/>
  <path d="M${cx - 30} 372 Q${cx} 360 ${cx + 30} 368" stroke="${hair(-10)}" stroke-width="6" fill="none" stroke-linecap="round"/>
</g>`;
  const mouth = f.smile
    ? '<path d="M278 520 Q300 540 322 520" stroke="#9a4a52" stroke-width="5" fill="none" stroke-linecap="round"/>'
    : '<path d="M284 526 L316 526" stroke="#9a4a52" stroke-width="4" stroke-linecap="round"/>';
  const ribbon = f.ribbon
    ? `<path d="M400 250 L470 215 L460 290 Z M400 250 L455 300 L390 305 Z" fill="${clothes(55)}"/><circle cx="405" cy="265" r="14" fill="${clothes(40)}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800" preserveAspectRatio="xMidYMid slice">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${bg(0, 78)}"/><stop offset="1" stop-color="${bg(50, 38)}"/></linearGradient>
  <linearGradient id="hair" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hair(12)}"/><stop offset="1" stop-color="${hair(-8)}"/></linearGradient>
  <radialGradient id="skin" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="${f.skin}"/><stop offset="1" stop-color="#e2ad93"/></radialGradient>
  <radialGradient id="iris" cx="0.5" cy="0.7" r="0.7"><stop offset="0" stop-color="${eye(70)}"/><stop offset="0.6" stop-color="${eye(45)}"/><stop offset="1" stop-color="${eye(22)}"/></radialGradient>
  <linearGradient id="clothes" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${clothes(50)}"/><stop offset="1" stop-color="${clothes(28)}"/></linearGradient>
</defs>
<rect width="600" height="800" fill="url(#bg)"/>
${bokeh}
<path d="M120 380 C110 180 220 110 300 110 C380 110 490 180 480 380 C470 470 440 520 430 560 L170 560 C160 520 130 470 120 380 Z" fill="url(#hair)"/>
${longLocks}
<path d="M60 800 C80 680 170 640 240 620 L360 620 C430 640 520 680 540 800 Z" fill="url(#clothes)"/>
<path d="M250 640 L300 700 L350 640" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.85"/>
<rect x="262" y="540" width="76" height="95" rx="30" fill="#e9b9a0"/>
<ellipse cx="300" cy="410" rx="142" ry="165" fill="url(#skin)"/>
<ellipse cx="222" cy="485" rx="28" ry="14" fill="#ff8fa3" opacity="0.35"/>
<ellipse cx="378" cy="485" rx="28" ry="14" fill="#ff8fa3" opacity="0.35"/>
${eyeAt(240, 1)}
${eyeAt(360, -1)}
<path d="M302 462 L296 482" stroke="#c98c78" stroke-width="3" stroke-linecap="round"/>
${mouth}
<path d="M150 360 C150 220 220 150 300 150 C380 150 450 220 450 360 L420 300 L400 350 L370 270 L340 340 L300 250 L270 335 L235 270 L210 345 L185 300 Z" fill="url(#hair)"/>
<path d="M210 200 Q300 160 390 200" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.25" stroke-linecap="round"/>
${ribbon}
</svg>`;
}

/** Where the fake Shikimori serves portrait n (a path under its origin, as Shikimori's uploads are). */
export const DEMO_ART_PATH = '/uploads/art';

/** The URL of portrait n under a fake Shikimori's base URL. */
export const demoArtUrl = (baseUrl: string, n: number): string =>
  `${baseUrl.replace(/\/+$/, '')}${DEMO_ART_PATH}/${n}.jpg`;

const drawn = new Map<string, Promise<Buffer>>();
const DRAWN_LIMIT = 64;

/**
 * A real-looking character portrait (a JPEG: gradient background with bokeh, hair, face, eyes
 * with irises and highlights, clothes), the same for the same n. The fake Shikimori serves it
 * as demo art, so the image proxy and the card renderer decode, crop and cache something like
 * real art. Drawn once per n and size and kept.
 */
export function drawPortrait(n: number, opts: PortraitOptions = {}): Promise<Buffer> {
  const width = opts.width ?? 600;
  const height = opts.height ?? 800;
  const key = `${n}:${width}x${height}`;
  let image = drawn.get(key);
  if (!image) {
    image = sharp(Buffer.from(portraitSvg(n, width, height)))
      .jpeg({ quality: 85, mozjpeg: false })
      .toBuffer();
    if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, image);
  }
  return image;
}
