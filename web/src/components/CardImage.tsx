import { CARD_IMAGE_WIDTHS } from '@acg/contracts/card-image';
import { useTranslation } from 'react-i18next';
import { cardImageUrl, cardImageWidth } from '../api/images';
import { IMAGE_TIMEOUT_MS, LoadedImage } from './LoadedImage';
import { useHydrated } from './useHydrated';

/**
 * A card as the image service draws it (rank, limited star, name, series and, for a copy, its
 * print number, in the page's language), alone: no badge or frame of the page's own around it.
 * The picture is asked at the width the page draws it: a first-screen picture offers 1× and 2×
 * to the browser (`srcset`); others go through the loader at the size this screen needs (2×
 * until the page has hydrated, so the server's markup and the first render agree).
 */
export function CardImage({
  cardId,
  print,
  alt,
  drawnWidth,
  sizes,
  className,
  priority = false,
  width,
  height,
}: {
  cardId: number;
  print?: number | null;
  alt: string;
  /** The largest width (CSS px) the page draws this card at. */
  drawnWidth: number;
  /** The `sizes` of a first-screen picture (how wide it is drawn at each screen width). */
  sizes?: string;
  className?: string;
  priority?: boolean;
  /** A fixed drawn size (CSS px), when the page draws the card at one. */
  width?: number;
  height?: number;
}) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const face = { print, lang: i18n.language };
  const ratio = hydrated && typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 2;
  const src = cardImageUrl(cardId, {
    ...face,
    width: priority ? CARD_IMAGE_WIDTHS[1] : cardImageWidth(drawnWidth, ratio),
  });
  const srcSet = CARD_IMAGE_WIDTHS.map(
    (width) => `${cardImageUrl(cardId, { ...face, width })} ${width}w`,
  ).join(', ');
  return (
    <LoadedImage
      className={`card-image ${className ?? ''}`}
      src={src}
      srcSet={priority ? srcSet : undefined}
      sizes={priority ? (sizes ?? `${drawnWidth}px`) : undefined}
      alt={alt}
      onFailure="retry"
      timeoutMs={IMAGE_TIMEOUT_MS.card}
      priority={priority}
      width={width}
      height={height}
    />
  );
}
