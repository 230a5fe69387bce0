import type { CardSummary } from '@acg/contracts';
import sharp from 'sharp';

/** The rank ladder E..X with the demo catalogue's colours (a copy: services share no code). */
const RANKS = [
  ['E', '#9e9e9e'],
  ['D', '#4caf50'],
  ['C', '#2196f3'],
  ['B', '#9c27b0'],
  ['A', '#ff9800'],
  ['S', '#f44336'],
  ['SS', '#e91e63'],
  ['SSS', '#ffd700'],
  ['X', '#00e5ff'],
] as const;

const NAMES = [
  'Edward Elric',
  'Alphonse Elric',
  'Roy Mustang',
  'Rintarou Okabe',
  'Kurisu Makise',
  'Frieren',
  'Fern',
  'Stark',
  '牧瀬紅莉栖',
  '岡部倫太郎',
  'フリーレン',
  'ジョセフ・ジョースター',
  'Эдвард Элрик',
  'Кагуя Синомия',
  'Hououin Kyouma of the Future Gadget Laboratory',
  'Mikasa Ackerman',
];

/** A photo-like art image (gradient and noise, 600x900 JPEG) as a data: URL. */
async function artDataUrl(seed: number): Promise<string> {
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 67) % 360},70%,55%)"/><stop offset="1" stop-color="hsl(${(seed * 67 + 120) % 360},60%,25%)"/></linearGradient></defs><rect width="600" height="900" fill="url(#g)"/><circle cx="300" cy="330" r="170" fill="#f4d6c6"/></svg>`;
  const noise = await sharp({
    create: {
      width: 600,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp(Buffer.from(gradient))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * 100 different cards: every rank, Latin, Japanese and Russian names, every third card with
 * its own art (an inline JPEG, decoded and cropped like real art), every tenth limited.
 */
export async function benchCards(count = 100): Promise<CardSummary[]> {
  const arts = await Promise.all([0, 1, 2, 3, 4].map(artDataUrl));
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const [rankCode, rankColor] = RANKS[i % RANKS.length]!;
    return {
      id,
      characterId: id,
      characterName: `${NAMES[i % NAMES.length]} ${id}`,
      characterAltname: null,
      characterImageUrl: null,
      rankCode,
      rankTitle: rankCode,
      rankColor,
      rankImageUrl: null,
      rankOrder: i % RANKS.length,
      seasonId: null,
      limited: i % 10 === 9,
      imageUrl: i % 3 === 0 ? arts[i % arts.length]! : null,
      rarityScore: 0.5,
      version: `bench-${id}`,
    };
  });
}
