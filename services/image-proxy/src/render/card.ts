import type { CardSummary } from '@acg/contracts';
import sharp from 'sharp';
import type { ImageFormat } from '../domain/image-format';
import { safeColor } from '../domain/palette';
import type { ImageSource } from '../images/source';
import { iconLayer, type Layer, loadArt, loadRankImage } from './art';
import { encode } from './encode';
import { centredIn, renderFittedText } from './fitted-text';
import { badgeBox, cardBaseSvg, cardOverlaySvg } from './frame';
import { ART, NAME_TEXT } from './layout';
import { placeholderArtSvg } from './placeholder';

/**
 * Bumped whenever the card design changes: it is part of the cache key and the ETag, so old
 * renders are neither served from the cache nor kept by browsers.
 */
export const RENDER_STYLE = 'r1';

/** The parts of a card summary that decide its look. */
export type CardLook = Pick<
  CardSummary,
  'characterName' | 'characterImageUrl' | 'imageUrl' | 'rankCode' | 'rankColor' | 'rankImageUrl' | 'limited'
>;

/**
 * Renders a card: the art (the card's own image, else the character's, else art generated from
 * the name) inside a frame in the rank colour or the rank's frame image, the rank code in a
 * badge, the character's name on the plate and, for limited cards, a gold ribbon.
 */
export async function renderCard(card: CardLook, format: ImageFormat, source: ImageSource): Promise<Buffer> {
  const color = safeColor(card.rankColor);
  const [art, rankImage, name] = await Promise.all([
    loadArt([card.imageUrl, card.characterImageUrl], source),
    loadRankImage(card.rankImageUrl, source),
    renderFittedText({
      text: card.characterName,
      width: NAME_TEXT.width,
      height: NAME_TEXT.height,
      fontSize: 28,
      fill: '#ffffff',
      bold: true,
      twoLines: true,
      maxGraphemes: 60,
    }),
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
        framed: rankImage?.kind === 'frame',
        withIcon,
      }),
    ),
    left: 0,
    top: 0,
  });
  if (name) layers.push({ input: name.input, raw: name.raw, ...centredIn(name, NAME_TEXT) });
  if (rankImage?.kind === 'icon')
    layers.push(await iconLayer(rankImage.image, badgeBox(card.rankCode, true)));
  return encode(sharp(Buffer.from(cardBaseSvg(color))).composite(layers), format);
}
