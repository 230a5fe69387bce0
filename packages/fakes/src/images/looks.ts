import { fakeAnimeCatalogue } from '../anime-data';
import { drawFeatures, type PortraitExtra, type PortraitFeatures } from './portrait';

/** How a demo character looks: hair, eyes and clothes colours, long hair or not, details. */
export interface DemoLook {
  hair: string;
  eyes: string;
  clothes: string;
  long: boolean;
  extras: PortraitExtra[];
  /** Head turn in degrees. */
  tilt: number;
}

const look = (
  hair: string,
  eyes: string,
  clothes: string,
  long: boolean,
  extras: PortraitExtra[] = [],
  tilt = 0,
) => ({
  hair,
  eyes,
  clothes,
  long,
  extras,
  tilt,
});

/**
 * Every demo character's look, by name (the names of the demo cast, DEMO_CAST, which the demo
 * catalogue seeds): drawn from what the character looks like in the series.
 */
export const DEMO_LOOKS: Record<string, DemoLook> = {
  'Edward Elric': look('#d9b24c', '#c99a2e', '#b3261e', false, ['braid', 'messy'], -4),
  'Alphonse Elric': look('#8a8f99', '#ff4d4d', '#8a8f99', false, ['helmet']),
  'Roy Mustang': look('#1c1c24', '#2b2b33', '#1f3a6e', false, ['uniform'], 3),
  'Rintarou Okabe': look('#2a2320', '#5a3b2a', '#f2f2f2', false, ['labcoat', 'stubble', 'messy'], -6),
  'Kurisu Makise': look('#b5543a', '#6a7fb0', '#e8e0d0', true, ['tie'], 4),
  Frieren: look('#e8ecef', '#3fa37a', '#f0f0f0', true, ['elf', 'twintails']),
  Fern: look('#7b4a9e', '#6b3f8f', '#1d1d2b', true, [], -3),
  Stark: look('#b3342e', '#6fa8dc', '#6b4e2e', false, ['scar', 'messy'], 5),
  'Spike Spiegel': look('#1f3b36', '#6b4a2c', '#3a5a8c', false, ['messy', 'tie'], -8),
  'Faye Valentine': look('#3b2a5e', '#2e8b57', '#f2d43a', false, ['hairband'], 6),
  'Jet Black': look('#1a1a1a', '#5a4a3a', '#4a4a4a', false, ['bald', 'beard']),
  'Edward Wong': look('#c0392b', '#3a2a1a', '#f5f5f5', false, ['goggles', 'messy'], 10),
  'Shinji Ikari': look('#3b2f2a', '#3d5a8c', '#f5f5f5', false, [], -2),
  'Rei Ayanami': look('#8fb8e0', '#d62d2d', '#f0f0f0', false, ['hairclip']),
  'Asuka Langley Soryu': look('#d9622b', '#3a6fd9', '#d62d2d', true, ['hairclip', 'twintails'], 7),
  'Misato Katsuragi': look('#4a2a5e', '#6b3a2a', '#1d1d1d', true, ['cross'], -5),
  'Loid Forger': look('#e8d27a', '#3a6b9e', '#2b3a4a', false, ['tie']),
  'Yor Forger': look('#1a1a24', '#c0392b', '#1a1a1a', true, ['headband'], -4),
  'Anya Forger': look('#f5a3c0', '#2fa37a', '#1d1d1d', false, ['horns'], 8),
  'Bond Forger': look('#f2f0ea', '#1a1a1a', '#f2f0ea', false, ['dog'], 4),
  'Winry Rockbell': look('#f0d58a', '#4a7ab5', '#2b2b2b', true, ['bandana'], 3),
  'Maes Hughes': look('#1d1d1d', '#4a6a3a', '#1f3a6e', false, ['glasses', 'stubble', 'uniform'], -3),
  'Mayuri Shiina': look('#2a1d1a', '#3a5a8c', '#7ab5d9', false, ['hat'], 6),
  'Itaru Hashida': look('#2a2a2a', '#3a3a3a', '#d98a2b', false, ['glasses', 'cap']),
  'Maho Hiyajo': look('#3a2a4a', '#6a7a9a', '#e0e0e0', true, ['glasses', 'labcoat'], -5),
  'Shigeo Kageyama': look('#151515', '#2a2a2a', '#151515', false, ['bowl', 'uniform']),
  'Arataka Reigen': look('#d9a15a', '#6a4a2a', '#8a8f99', false, ['tie'], 6),
  Dimple: look('#7ed957', '#1a1a1a', '#7ed957', false, ['blob']),
  'Ritsu Kageyama': look('#151515', '#5a4a3a', '#2a3a5a', false, [], 4),
  'Violet Evergarden': look('#e8c57a', '#3a7ad9', '#f0f0f0', true, ['braid', 'brooch'], -3),
  'Gilbert Bougainvillea': look('#1d1d1d', '#2e8b57', '#2f4a3a', false, ['eyepatch', 'uniform'], 2),
  'Claudia Hodgins': look('#e0a03a', '#4a4a4a', '#7a3a2a', true, ['stubble'], -6),
  Himmel: look('#b8d0f0', '#3a6fd9', '#f0f0f0', false, ['cape'], 5),
  Heiter: look('#6a5a7a', '#6a4a3a', '#f5f5f5', false, ['hat', 'cross'], -2),
  Eisen: look('#c0c0c0', '#3a3a3a', '#6b4e2e', false, ['beard', 'cap']),
  'Kaworu Nagisa': look('#d9dde5', '#d62d2d', '#f5f5f5', false, [], 9),
  'Gendo Ikari': look('#1d1d1d', '#2a2a2a', '#1d1d1d', false, ['glasses', 'beard']),
  Vicious: look('#d0d5db', '#5a2a6a', '#1d1d1d', true, [], -7),
  Ein: look('#d98a2b', '#1a1a1a', '#d98a2b', false, ['dog'], -6),
  'Franky Franklin': look('#6a3a2a', '#3a3a3a', '#d9c08a', false, ['glasses', 'messy'], 4),
};

/** The file name of a demo character's portrait: its name in lower case, words joined by '-'. */
export const demoArtSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const BY_SLUG = new Map(Object.keys(DEMO_LOOKS).map((name) => [demoArtSlug(name), name]));

/** Hue, saturation and lightness of a #rrggbb colour. */
function hsl(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, Math.round(l * 100)];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [Math.round(h * 60), Math.round(s * 100), Math.round(l * 100)];
}

/** The series' colour of a character's first anime (its palette for the background). */
function seriesColour(name: string): string {
  const character = fakeAnimeCatalogue.characters.find((c) => c.name === name);
  const anime = character && fakeAnimeCatalogue.appearancesOf(character)[0]?.anime;
  return anime?.color ?? '#7b6fd0';
}

/** A demo character's portrait features, from its look and its series' colour; undefined for anyone else. */
export function demoLookFeatures(name: string): PortraitFeatures | undefined {
  const l = DEMO_LOOKS[name];
  if (!l) return undefined;
  const [hairHue, hairSaturation, hairLightness] = hsl(l.hair);
  const [eyeHue, , eyeLightness] = hsl(l.eyes);
  const [clothesHue, , clothesLightness] = hsl(l.clothes);
  const [backgroundHue] = hsl(seriesColour(name));
  let seed = 0;
  for (const ch of name) seed = (seed * 31 + ch.codePointAt(0)!) % 9973;
  return {
    backgroundHue,
    hairHue,
    hairSaturation,
    hairLightness,
    eyeHue,
    eyeLightness,
    clothesHue,
    clothesLightness,
    skin: ['#f8dcc8', '#f3cfb6', '#eec3a5', '#fbe3d3'][seed % 4]!,
    longHair: l.long,
    ribbon: false,
    smile: seed % 3 !== 0,
    bokeh: Array.from({ length: 7 }, (_, i) => {
      const v = (seed * (i + 3) * 7919) % 10007;
      return [(v * 37) % 600, (v * 53) % 500, 20 + (v % 60), 0.1 + (v % 20) / 100] as const;
    }),
    extras: l.extras,
    tilt: l.tilt,
  };
}

/** The demo character whose portrait file is `slug` (demoArtSlug), or undefined. */
export const demoCharacterOfSlug = (slug: string): string | undefined => BY_SLUG.get(slug);

/** A demo character's portrait as SVG (600x800, scaled to the size asked); undefined for anyone else. */
export function demoPortraitSvg(name: string, width = 600, height = 800): string | undefined {
  const features = demoLookFeatures(name);
  return features && drawFeatures(features, width, height);
}
