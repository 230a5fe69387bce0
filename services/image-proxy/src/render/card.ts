import { createHash } from 'node:crypto';
import { localize } from '@acg/i18n';
import sharp from 'sharp';
import type { CardFaceSummary } from '../cards/card-summaries';
import type { ImageFormat } from '../domain/image-format';
import { safeColor } from '../domain/palette';
import type { ImageSource } from '../images/source';
import { iconLayer, type Layer, loadArt, loadRankImage } from './art';
import { encode } from './encode';
import { centredIn, renderFittedText } from './fitted-text';
import { badgeBox, cardBaseSvg, cardOverlaySvg } from './frame';
import { ART, CARD_HEIGHT, CARD_WIDTH, NAME_TEXT, SERIES_TEXT } from './layout';
import { placeholderArtSvg } from './placeholder';

/**
 * Bumped whenever the card design changes: it is part of the cache key and the ETag, so old
 * renders are neither served from the cache nor kept by browsers.
 */
export const RENDER_STYLE = 'r3';

/** The parts of a card summary that decide its look. */
export type CardLook = Pick<
  CardFaceSummary,
  | 'characterName'
  | 'characterImageUrl'
  | 'imageUrl'
  | 'rankCode'
  | 'rankColor'
  | 'rankImageUrl'
  | 'limited'
  | 'series'
  | 'seasonYear'
> &
  Partial<Pick<CardFaceSummary, 'characterNames' | 'seriesTitles'>>;

/** The languages a card image is drawn in; the only text that differs is the print number's sign. */
export const CARD_LANGUAGES = ['en', 'ru'] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];

/** What one request asks of a card's image beyond the card: a copy's print number, the language, the width. */
export interface CardFace {
  printNumber: number | null;
  lang: CardLanguage;
  width: number;
}
export const DEFAULT_FACE: CardFace = { printNumber: null, lang: 'en', width: CARD_WIDTH };

/** The print number as the viewer writes it: "#7" in English, "№ 7" in Russian. */
export const printLabel = (printNumber: number, lang: CardLanguage): string =>
  lang === 'ru' ? `№ ${printNumber}` : `#${printNumber}`;

/**
 * The name and series a face prints, in its language (rules §57's fallback order: the language,
 * English, the primary text, Japanese). The series is its anime's title as every page writes it
 * in that language (the same order), else the franchise's or anime's primary title (`series`).
 */
export function faceTexts(
  card: Pick<CardLook, 'characterName' | 'characterNames' | 'series' | 'seriesTitles'>,
  lang: CardLanguage,
): { name: string; series: string | null } {
  const name = localize(card.characterNames, lang, card.characterName) ?? card.characterName;
  return { name, series: localize(card.seriesTitles, lang, card.series) ?? card.series };
}

/** The part of a render's cache key and ETag that the card version does not cover. */
export function faceKey(
  card: Pick<CardLook, 'characterName' | 'characterNames' | 'series' | 'seriesTitles' | 'seasonYear'>,
  face: CardFace,
): string {
  const series = createHash('sha256')
    .update(faceTexts(card, face.lang).series ?? '')
    .digest('base64url')
    .slice(0, 8);
  return `${series}.${card.seasonYear ?? 0}.${face.printNumber ?? 0}.${face.lang}.${face.width}`;
}

/**
 * Renders a card: the art (the card's own image, else the character's, else art generated from
 * the name) inside a frame in the rank colour or the rank's frame image, the rank code in a
 * badge, the character's name and series on the plate, for limited cards a gold ribbon with a
 * star and the season's year, and a copy's print number (language-free signs and digits except
 * the number sign, "#" or "№"). Drawn at 360x540 and scaled down to `face.width`.
 */
export async function renderCard(
  card: CardLook,
  face: CardFace,
  format: ImageFormat,
  source: ImageSource,
): Promise<Buffer> {
  const color = safeColor(card.rankColor);
  const texts = faceTexts(card, face.lang);
  const [art, rankImage, name, series] = await Promise.all([
    loadArt([card.imageUrl, card.characterImageUrl], source),
    loadRankImage(card.rankImageUrl, source),
    renderFittedText({
      text: texts.name,
      width: NAME_TEXT.width,
      height: NAME_TEXT.height,
      fontSize: 28,
      fill: '#ffffff',
      bold: true,
      twoLines: true,
      maxGraphemes: 60,
    }),
    texts.series
      ? renderFittedText({
          text: texts.series,
          width: SERIES_TEXT.width,
          height: SERIES_TEXT.height,
          fontSize: 17,
          fill: '#c9cbe0',
          maxGraphemes: 48,
        })
      : undefined,
  ]);
  const withIcon = rankImage?.kind === 'icon';
  const layers: Layer[] = [
    art ?? {
      input: Buffer.from(placeholderArtSvg(card.characterName, ART.width, ART.height, ART.radius)),
      left: ART.left,
      top: ART.top,
    },
  ];
  if (rankImage?.kind === 'frame') layers.push(rankImage.layer);
  layers.push({
    input: Buffer.from(
      cardOverlaySvg({
        color,
        rankCode: card.rankCode,
        limited: card.limited,
        seasonYear: card.seasonYear,
        printLabel: face.printNumber ? printLabel(face.printNumber, face.lang) : null,
        framed: rankImage?.kind === 'frame',
        withIcon,
      }),
    ),
    left: 0,
    top: 0,
  });
  if (name) layers.push({ input: name.input, raw: name.raw, ...centredIn(name, NAME_TEXT) });
  if (series) layers.push({ input: series.input, raw: series.raw, ...centredIn(series, SERIES_TEXT) });
  if (rankImage?.kind === 'icon')
    layers.push(await iconLayer(rankImage.image, badgeBox(card.rankCode, true)));
  const composed = sharp(Buffer.from(cardBaseSvg(color))).composite(layers);
  if (face.width >= CARD_WIDTH) return encode(composed, format);
  // sharp resizes before it composites: the drawn card is scaled down in a second pipeline.
  const { data, info } = await composed.raw().toBuffer({ resolveWithObject: true });
  const height = Math.round((face.width * CARD_HEIGHT) / CARD_WIDTH);
  const scaled = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).resize(face.width, height, { kernel: 'lanczos3' });
  return encode(scaled, format);
}
