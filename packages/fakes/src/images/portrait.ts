import sharp from 'sharp';

/** Details a portrait can carry (see OVERLAYS and `special`). */
export type PortraitExtra =
  | 'glasses'
  | 'beard'
  | 'stubble'
  | 'elf'
  | 'twintails'
  | 'braid'
  | 'hat'
  | 'cap'
  | 'headband'
  | 'hairband'
  | 'hairclip'
  | 'bandana'
  | 'horns'
  | 'bowl'
  | 'messy'
  | 'tie'
  | 'labcoat'
  | 'uniform'
  | 'cape'
  | 'brooch'
  | 'cross'
  | 'goggles'
  | 'eyepatch'
  | 'scar'
  | 'bald'
  | 'dog'
  | 'blob'
  | 'helmet';

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

/** What a portrait is drawn from: colours, hair length, details and a pose. */
export interface PortraitFeatures {
  backgroundHue: number;
  hairHue: number;
  hairLightness: number;
  hairSaturation: number;
  eyeHue: number;
  /** Eye lightness (%): pale, bright or dark irises. */
  eyeLightness?: number;
  clothesHue: number;
  /** Clothes lightness (%): white coats to black suits. */
  clothesLightness?: number;
  skin: string;
  longHair: boolean;
  ribbon: boolean;
  smile: boolean;
  bokeh: ReadonlyArray<readonly [number, number, number, number]>;
  /** Drawn over the portrait (see OVERLAYS); a 'dog', 'blob' or 'helmet' replaces the face. */
  extras?: readonly PortraitExtra[];
  /** Head turn in degrees (a pose). */
  tilt?: number;
}

/** The features of portrait n: colours and shapes chosen from n alone. */
function featuresOf(n: number): PortraitFeatures {
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
  return drawFeatures(featuresOf(n), width, height);
}

/** A portrait drawn from its features, on a 600x800 canvas scaled to the asked size. */
export function drawFeatures(f: PortraitFeatures, width = 600, height = 800): string {
  const extras = new Set(f.extras ?? []);
  const hair = (dl: number) =>
    `hsl(${f.hairHue}, ${f.hairSaturation}%, ${Math.max(8, f.hairLightness + dl)}%)`;
  const eye = (l: number) => `hsl(${f.eyeHue}, 70%, ${l + ((f.eyeLightness ?? 45) - 45)}%)`;
  const bg = (dh: number, l: number) => `hsl(${(f.backgroundHue + dh) % 360}, 55%, ${l}%)`;
  const clothes = (l: number) =>
    `hsl(${f.clothesHue}, ${f.clothesLightness === undefined ? 50 : 45}%, ${Math.min(96, Math.max(6, l + ((f.clothesLightness ?? 40) - 40)))}%)`;
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
${
  special(extras, f, hair, eye, clothes) ??
  `<g transform="rotate(${f.tilt ?? 0} 300 560)">
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
${[...extras].map((e) => OVERLAYS[e]?.(hair, eye, clothes) ?? '').join('')}
</g>`
}
</svg>`;
}

type Paint = (dl: number) => string;

/** Details drawn over the head and clothes, by name. */
const OVERLAYS: Partial<Record<PortraitExtra, (hair: Paint, eye: Paint, clothes: Paint) => string>> = {
  glasses: () =>
    '<g fill="none" stroke="#20202a" stroke-width="7"><rect x="190" y="385" width="100" height="72" rx="18"/><rect x="310" y="385" width="100" height="72" rx="18"/><path d="M290 415 L310 415"/></g>',
  beard: (hair) =>
    `<path d="M175 470 C190 600 250 640 300 640 C350 640 410 600 425 470 C400 540 360 560 300 560 C240 560 200 540 175 470 Z" fill="${hair(-5)}"/>`,
  stubble: () =>
    '<path d="M205 500 C230 570 270 585 300 585 C330 585 370 570 395 500" stroke="#6a5a55" stroke-width="16" stroke-dasharray="3 6" fill="none" opacity="0.5"/>',
  elf: () =>
    '<path d="M160 420 L60 330 L172 470 Z M440 420 L540 330 L428 470 Z" fill="#f3cfb6" stroke="#d9a58a" stroke-width="3"/>',
  twintails: (hair) =>
    `<path d="M150 300 C40 360 40 620 110 760 L170 740 C120 600 130 420 190 330 Z M450 300 C560 360 560 620 490 760 L430 740 C480 600 470 420 410 330 Z" fill="${hair(4)}"/>`,
  braid: (hair) =>
    `<g fill="${hair(-6)}" stroke="${hair(-20)}" stroke-width="3">${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${440 + i * 6}" cy="${560 + i * 48}" rx="26" ry="30"/>`).join('')}</g>`,
  hat: (_h, _e, clothes) =>
    `<path d="M110 250 C150 230 450 230 490 250 L470 270 L130 270 Z" fill="${clothes(20)}"/><path d="M190 250 C200 120 400 120 410 250 Z" fill="${clothes(28)}"/>`,
  cap: (_h, _e, clothes) =>
    `<path d="M160 250 C170 130 430 130 440 250 Z" fill="${clothes(35)}"/><path d="M150 250 L470 250 L500 275 L150 268 Z" fill="${clothes(22)}"/>`,
  headband: () =>
    '<path d="M150 250 C230 200 370 200 450 250" stroke="#d9d9e0" stroke-width="18" fill="none"/>',
  hairband: () =>
    '<path d="M160 240 C230 170 370 170 440 240" stroke="#d62d2d" stroke-width="14" fill="none"/>',
  hairclip: () =>
    '<rect x="380" y="240" width="56" height="20" rx="6" fill="#e63946" transform="rotate(-25 408 250)"/>',
  bandana: () =>
    '<path d="M140 270 C220 180 380 180 460 270 L445 300 C370 230 230 230 155 300 Z" fill="#3a6fd9"/>',
  horns: (hair) => `<path d="M200 190 L230 110 L262 185 Z M338 185 L370 110 L400 190 Z" fill="${hair(-6)}"/>`,
  bowl: (hair) => `<path d="M150 370 C140 200 460 200 450 370 Z" fill="${hair(0)}"/>`,
  messy: (hair) =>
    `<path d="M170 240 L130 170 L230 200 L240 120 L300 190 L360 110 L370 200 L470 160 L430 250 Z" fill="${hair(2)}"/>`,
  tie: () => '<path d="M288 640 L312 640 L322 740 L300 780 L278 740 Z" fill="#b3261e"/>',
  labcoat: () =>
    '<path d="M60 800 C80 680 170 640 240 620 L300 760 L360 620 C430 640 520 680 540 800 Z" fill="#f4f4f6" opacity="0.92"/>',
  uniform: () =>
    '<g fill="#e0b84a"><circle cx="300" cy="690" r="8"/><circle cx="300" cy="740" r="8"/><rect x="130" y="660" width="70" height="14" rx="4"/><rect x="400" y="660" width="70" height="14" rx="4"/></g>',
  cape: () =>
    '<path d="M40 800 C60 690 120 650 200 640 L140 800 Z M560 800 C540 690 480 650 400 640 L460 800 Z" fill="#f0f0f4"/>',
  brooch: () => '<circle cx="300" cy="660" r="18" fill="#2fa37a" stroke="#e0b84a" stroke-width="5"/>',
  cross: () =>
    '<path d="M292 650 L308 650 L308 668 L322 668 L322 682 L308 682 L308 720 L292 720 L292 682 L278 682 L278 668 L292 668 Z" fill="#e0b84a"/>',
  goggles: () =>
    '<g><path d="M150 240 C230 210 370 210 450 240" stroke="#3a3a3a" stroke-width="12" fill="none"/><circle cx="250" cy="228" r="30" fill="#7ad9e0" stroke="#3a3a3a" stroke-width="8"/><circle cx="350" cy="228" r="30" fill="#7ad9e0" stroke="#3a3a3a" stroke-width="8"/></g>',
  eyepatch: () =>
    '<ellipse cx="360" cy="420" rx="46" ry="38" fill="#151518"/><path d="M150 360 L460 440" stroke="#151518" stroke-width="6"/>',
  scar: () =>
    '<path d="M395 470 L430 500 M405 462 L400 478 M418 478 L413 494" stroke="#b05a5a" stroke-width="4"/>',
  bald: () => '<ellipse cx="300" cy="250" rx="150" ry="110" fill="#e9b9a0"/>',
};

/**
 * A whole figure instead of a face: a dog, a spirit blob, or a suit of armour. Undefined for
 * everyone else (the face is drawn).
 */
function special(extras: Set<PortraitExtra>, f: PortraitFeatures, hair: Paint, eye: Paint, clothes: Paint) {
  if (extras.has('dog'))
    return `<g transform="rotate(${f.tilt ?? 0} 300 560)">
<path d="M130 800 C150 640 220 600 300 600 C380 600 450 640 470 800 Z" fill="${hair(-4)}"/>
<path d="M150 300 L110 120 L250 240 Z M450 300 L490 120 L350 240 Z" fill="${hair(-10)}"/>
<ellipse cx="300" cy="400" rx="170" ry="150" fill="${hair(0)}"/>
<ellipse cx="300" cy="480" rx="90" ry="70" fill="#fbf7f0"/>
<ellipse cx="300" cy="448" rx="30" ry="22" fill="#1a1416"/>
<circle cx="235" cy="370" r="20" fill="${eye(-20)}"/><circle cx="365" cy="370" r="20" fill="${eye(-20)}"/>
<circle cx="229" cy="363" r="6" fill="#fff"/><circle cx="359" cy="363" r="6" fill="#fff"/>
<path d="M300 470 L300 500 M270 510 Q300 530 330 510" stroke="#1a1416" stroke-width="6" fill="none"/>
<path d="M290 520 Q300 575 312 520 Z" fill="#e85a70"/>
</g>`;
  if (extras.has('blob'))
    return `<g>
<path d="M150 700 C110 480 200 300 300 300 C400 300 490 480 450 700 C420 760 180 760 150 700 Z" fill="${hair(0)}" opacity="0.92"/>
<path d="M300 300 C290 240 320 200 350 190" stroke="${hair(-10)}" stroke-width="14" fill="none"/>
<ellipse cx="250" cy="460" rx="26" ry="34" fill="#1a1416"/><ellipse cx="350" cy="460" rx="26" ry="34" fill="#1a1416"/>
<ellipse cx="200" cy="540" rx="26" ry="14" fill="#ff8fa3" opacity="0.6"/><ellipse cx="400" cy="540" rx="26" ry="14" fill="#ff8fa3" opacity="0.6"/>
<path d="M260 560 Q300 600 340 560" stroke="#1a1416" stroke-width="8" fill="none"/>
</g>`;
  if (extras.has('helmet'))
    return `<g>
<path d="M60 800 C70 660 160 610 240 600 L360 600 C440 610 530 660 540 800 Z" fill="${clothes(45)}"/>
<path d="M180 640 L420 640 L400 720 L200 720 Z" fill="${clothes(30)}"/>
<path d="M150 560 C130 300 200 170 300 170 C400 170 470 300 450 560 Z" fill="${clothes(55)}" stroke="${clothes(25)}" stroke-width="8"/>
<path d="M300 90 L300 180" stroke="#c0392b" stroke-width="22" stroke-linecap="round"/>
<path d="M190 400 L410 400 L410 450 L190 450 Z" fill="#1a1a22"/>
<circle cx="250" cy="425" r="14" fill="${eye(20)}"/><circle cx="350" cy="425" r="14" fill="${eye(20)}"/>
<path d="M220 480 L380 480 M230 510 L370 510" stroke="${clothes(25)}" stroke-width="8"/>
</g>`;
  return undefined;
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
  return rasterize(`${n}:${width}x${height}`, () => portraitSvg(n, width, height));
}

/** A portrait's SVG as a JPEG, drawn once per key and kept (the last DRAWN_LIMIT). */
export function rasterize(key: string, svg: () => string): Promise<Buffer> {
  let image = drawn.get(key);
  if (!image) {
    image = sharp(Buffer.from(svg())).jpeg({ quality: 85, mozjpeg: false }).toBuffer();
    if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, image);
  }
  return image;
}
