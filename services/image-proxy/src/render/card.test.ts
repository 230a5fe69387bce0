import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inlineImageSource } from '../images/source';
import { cardSummary, hexToRgb, near, pixels, type Rgb, solidPngDataUrl } from '../test/factories';
import { DEFAULT_FACE, faceKey, faceTexts, renderCard } from './card';
import { ART, BADGE, CARD_HEIGHT, CARD_WIDTH, NAME_PLATE } from './layout';

const render = (over: Parameters<typeof cardSummary>[1] = {}, format: 'png' | 'webp' | 'avif' = 'png') =>
  renderCard(cardSummary(1, over), DEFAULT_FACE, format, inlineImageSource);

/** Points on the frame: middle of each edge, inside the frame width. */
const framePoints: Array<[number, number]> = [
  [4, CARD_HEIGHT / 2],
  [CARD_WIDTH - 5, CARD_HEIGHT / 2],
  [CARD_WIDTH / 2, 4],
  [CARD_WIDTH / 2, CARD_HEIGHT - 5],
];
const ART_MIDDLE: [number, number] = [ART.left + ART.width / 2, ART.top + ART.height / 2];
const isWhite = ([r, g, b]: Rgb) => r > 225 && g > 225 && b > 225;

describe('renderCard', () => {
  it('draws a 2:3 portrait card in each format', async () => {
    for (const [format, decoded] of [
      ['png', 'png'],
      ['webp', 'webp'],
      ['avif', 'heif'],
    ] as const) {
      const meta = await sharp(await render({}, format)).metadata();
      expect(meta.format).toBe(decoded);
      expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    }
  });

  it('frames the card in the rank colour', async () => {
    for (const color of ['#00e5ff', '#ffd700', '#9c27b0']) {
      const image = await pixels(await render({ rankColor: color }));
      for (const [x, y] of framePoints) expect(image.at(x, y)).toEqual(hexToRgb(color));
    }
  });

  it('falls back to the neutral grey for a colour that is not a hex colour', async () => {
    const image = await pixels(await render({ rankColor: 'red"/><script>alert(1)</script>' }));
    expect(image.at(4, 270)).toEqual([0x9e, 0x9e, 0x9e]);
  });

  it('generates deterministic art from the name when the character has no image', async () => {
    const first = await render({ characterName: 'Frieren' });
    expect((await render({ characterName: 'Frieren' })).equals(first)).toBe(true);
    const art = (await pixels(first)).region(ART.left + 20, ART.top + 60, ART.width - 40, 120);
    // Not a flat fill: a gradient with spots and stripes.
    expect(new Set(art.map((p) => p.join())).size).toBeGreaterThan(200);
    const other = (await pixels(await render({ characterName: 'Stark' }))).region(
      ART.left + 20,
      ART.top + 60,
      ART.width - 40,
      120,
    );
    expect(other).not.toEqual(art);
  });

  it('draws the card art from a data: URL, preferring the card image to the character image', async () => {
    const green = await solidPngDataUrl([20, 200, 40], 600, 900);
    const blue = await solidPngDataUrl([30, 60, 220], 500, 500);
    const characterOnly = await pixels(await render({ characterImageUrl: green }));
    expect(near(characterOnly.at(...ART_MIDDLE), [20, 200, 40])).toBe(true);
    const both = await pixels(await render({ characterImageUrl: green, imageUrl: blue }));
    expect(near(both.at(...ART_MIDDLE), [30, 60, 220])).toBe(true);
    // The frame is still the rank colour around the art.
    expect(both.at(4, 270)).toEqual(hexToRgb('#f44336'));
  });

  it('uses generated art for URLs it does not fetch and for images it refuses', async () => {
    const placeholder = await render({ characterName: 'Fern' });
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const svgDisguised = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9" fill="red"/></svg>').toString('base64')}`;
    const garbage = `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`;
    for (const url of [
      'https://shikimori.one/fern.jpg',
      'http://127.0.0.1/x.png',
      svg,
      svgDisguised,
      garbage,
    ]) {
      const image = await render({ characterName: 'Fern', characterImageUrl: url, imageUrl: url });
      expect(image.equals(placeholder)).toBe(true);
    }
  });

  it('uses a rank image with a transparent middle as the frame', async () => {
    const frame = await solidPngDataUrl([200, 0, 200], CARD_WIDTH, CARD_HEIGHT, {
      left: 30,
      top: 30,
      width: CARD_WIDTH - 60,
      height: CARD_HEIGHT - 60,
    });
    const image = await pixels(await render({ rankImageUrl: frame, rankColor: '#00e5ff' }));
    for (const [x, y] of framePoints) expect(image.at(x, y)).toEqual([200, 0, 200]);
    // The art still shows through the frame's middle.
    expect(near(image.at(...ART_MIDDLE), [200, 0, 200], 40)).toBe(false);
  });

  it('shows an opaque rank image in the badge instead of the code', async () => {
    const icon = await solidPngDataUrl([255, 120, 0], 64, 64);
    const image = await pixels(await render({ rankImageUrl: icon, rankColor: '#2196f3' }));
    const badgeMiddle: [number, number] = [BADGE.left + BADGE.height / 2, BADGE.top + BADGE.height / 2];
    expect(near(image.at(...badgeMiddle), [255, 120, 0])).toBe(true);
    // Not a frame: the card's own frame keeps the rank colour.
    expect(image.at(4, 270)).toEqual(hexToRgb('#2196f3'));
  });

  it('marks limited cards with a gold ribbon over the top-right corner of the art', async () => {
    const corner = (img: Awaited<ReturnType<typeof pixels>>) =>
      img
        .region(ART.left + ART.width - 80, ART.top, 80, 80)
        .filter(([r, g, b]) => r > 230 && g > 160 && b < 110);
    const limited = await pixels(await render({ characterName: 'Frieren', limited: true }));
    const regular = await pixels(await render({ characterName: 'Frieren', limited: false }));
    expect(corner(limited).length).toBeGreaterThan(500);
    expect(corner(regular).length).toBe(0);
  });

  describe('the name plate', () => {
    const plate = (img: Awaited<ReturnType<typeof pixels>>) =>
      img.region(NAME_PLATE.left, NAME_PLATE.top, NAME_PLATE.width, NAME_PLATE.height);
    /** White text pixels in the plate's outer 10 px on the left and right: none when the name fits. */
    const edgeInk = (img: Awaited<ReturnType<typeof pixels>>) =>
      [
        ...img.region(NAME_PLATE.left + 1, NAME_PLATE.top + 1, 10, NAME_PLATE.height - 2),
        ...img.region(NAME_PLATE.left + NAME_PLATE.width - 11, NAME_PLATE.top + 1, 10, NAME_PLATE.height - 2),
      ].filter(isWhite).length;

    it('writes Japanese and Russian names with real glyphs', async () => {
      const kurisu = await pixels(await render({ characterName: '牧瀬紅莉栖' }));
      const okabe = await pixels(await render({ characterName: '岡部倫太郎' }));
      const russian = await pixels(await render({ characterName: 'Эдвард Элрик' }));
      for (const img of [kurisu, okabe, russian])
        expect(plate(img).filter(isWhite).length).toBeGreaterThan(300);
      // Missing glyphs would draw the same boxes for two names of the same length.
      expect(plate(kurisu)).not.toEqual(plate(okabe));
    });

    it('prints the name in the face’s language: the Russian face of a card equals a card named in Russian', async () => {
      const names = { en: 'Edward Elric', ru: 'Эдвард Элрик', ja: 'エドワード・エルリック' };
      const card = cardSummary(1, { characterName: 'Edward Elric', characterNames: names });
      const ru = await pixels(
        await renderCard(card, { ...DEFAULT_FACE, lang: 'ru' }, 'png', inlineImageSource),
      );
      const en = await pixels(await renderCard(card, DEFAULT_FACE, 'png', inlineImageSource));
      const namedInRussian = await pixels(
        await renderCard(
          cardSummary(1, { characterName: 'Эдвард Элрик' }),
          { ...DEFAULT_FACE, lang: 'ru' },
          'png',
          inlineImageSource,
        ),
      );
      expect(plate(ru)).toEqual(plate(namedInRussian));
      expect(plate(ru)).not.toEqual(plate(en));
    });

    it('fits long names inside the plate', async () => {
      for (const characterName of [
        'Rintarou Okabe, self-proclaimed mad scientist Hououin Kyouma of the Future Gadget Laboratory',
        'Эдвард Элрик из Ризенбурга, стальной алхимик государственной армии Аместриса',
        'ジョセフ・ジョースターとシーザー・アントニオ・ツェペリと仲間たち',
        'Supercalifragilisticexpialidociousandevenlongerwithoutanyspaceatallanywhere',
      ]) {
        const img = await pixels(await render({ characterName }));
        expect(plate(img).filter(isWhite).length).toBeGreaterThan(200);
        expect(edgeInk(img)).toBe(0);
      }
    });

    it('escapes markup and drops characters XML forbids', async () => {
      const img = await pixels(
        await render({ characterName: '<b>Rem</b> & "Ram"\u0000\u0007', rankCode: '<S>' }),
      );
      expect(plate(img).filter(isWhite).length).toBeGreaterThan(200);
      expect(img.at(4, 270)).toEqual(hexToRgb('#f44336'));
    });
  });
});

describe('faceTexts', () => {
  const card = {
    characterName: 'Edward Elric',
    characterNames: { en: 'Edward Elric', ru: 'Эдвард Элрик', ja: 'エドワード・エルリック' },
    series: 'Fullmetal Alchemist',
    seriesTitles: { en: 'Fullmetal Alchemist: Brotherhood', ru: 'Стальной алхимик: Братство' },
  };

  it('names the character and the series in the face’s language', () => {
    expect(faceTexts(card, 'ru')).toEqual({ name: 'Эдвард Элрик', series: 'Стальной алхимик: Братство' });
    // The anime's title as the pages write it, in English too.
    expect(faceTexts(card, 'en')).toEqual({
      name: 'Edward Elric',
      series: 'Fullmetal Alchemist: Brotherhood',
    });
  });

  it('falls back to English, then the primary texts, when a language has none', () => {
    expect(faceTexts({ ...card, characterNames: { en: 'Edward Elric' }, seriesTitles: {} }, 'ru')).toEqual({
      name: 'Edward Elric',
      series: 'Fullmetal Alchemist',
    });
    expect(faceTexts({ characterName: 'Edward', series: null }, 'ru')).toEqual({
      name: 'Edward',
      series: null,
    });
  });

  it('gives each language’s face its own cache key when the series differs', () => {
    const face = { printNumber: null, width: 360 };
    const withYear = { ...card, seasonYear: null };
    expect(faceKey(withYear, { ...face, lang: 'ru' }).split('.')[0]).not.toBe(
      faceKey(withYear, { ...face, lang: 'en' }).split('.')[0],
    );
  });
});
