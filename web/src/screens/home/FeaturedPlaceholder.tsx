import { useTranslation } from 'react-i18next';

/**
 * How many tiles hold the featured cards' place: the most the server sends (FEATURED_CARDS_MAX of
 * @acg/contracts, which this chunk does not import: it would bring the schema library; a test
 * keeps the two equal).
 */
export const FEATURED_PLACES = 6;

/**
 * Empty tiles of the featured cards' size, so the list takes its place before it has loaded and
 * nothing below it moves when it arrives (CLS, issue 22 item 3). Hidden from screen readers: the
 * loading text speaks for them.
 */
export function FeaturedSkeleton() {
  return (
    <ul className="featured__list featured__list--empty" aria-hidden="true">
      {Array.from({ length: FEATURED_PLACES }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the empty places have nothing else to tell them apart
        <li key={i} className="featured__place">
          <div className="featured__image" />
          <div className="featured__caption" />
        </li>
      ))}
    </ul>
  );
}

/** The featured cards' place while their chunk loads: the heading, the hint and empty tiles, as it will be. */
export function FeaturedPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className="featured" aria-busy="true">
      <h2>{t('home.featured.title')}</h2>
      <p className="featured__hint">{t('home.featured.hint')}</p>
      {/* The empty tiles show it is loading; the text says it to screen readers. */}
      <p className="visually-hidden">{t('home.featured.loading')}</p>
      <FeaturedSkeleton />
    </section>
  );
}
