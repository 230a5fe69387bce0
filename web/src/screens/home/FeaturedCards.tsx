import type { FeaturedCard } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { cardImageUrl } from '../../api/images';
import { useRoute } from '../../api/query';
import { LoadError } from '../../components/LoadError';
import { IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { rankColor } from '../../components/rank-color';
import { useLocalize } from '../../i18n/localized';
import { FeaturedSkeleton } from './FeaturedPlaceholder';

/**
 * A few cards anyone may see (GET /api/cards/featured, issue 22 item 7): on home, and on the
 * sign-in page of the catalogue, so a visitor sees what the game is about before signing in.
 * Each is the card image itself, named below by character, series and rank. A chunk of its own
 * (it needs the image loader, which home otherwise does not), loaded after the page's first paint.
 */
export default function FeaturedCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const featured = useRoute('GET /api/cards/featured', undefined);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cards = featured.data?.cards;
  if (cards && cards.length === 0) return null;
  return (
    <section className="featured" aria-labelledby="featured-title" aria-busy={featured.isPending}>
      <Heading id="featured-title">{t('home.featured.title')}</Heading>
      <p className="featured__hint">{t('home.featured.hint')}</p>
      {featured.isPending && (
        <>
          <p className="visually-hidden">{t('home.featured.loading')}</p>
          <FeaturedSkeleton />
        </>
      )}
      {!cards && featured.isError && (
        <LoadError
          className="featured__message"
          error={featured.error}
          message={t('home.featured.error')}
          onRetry={() => void featured.refetch()}
        />
      )}
      {cards && (
        <ul className="featured__list">
          {cards.map((card) => (
            <FeaturedTile key={card.id} card={card} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeaturedTile({ card }: { card: FeaturedCard }) {
  const { t, i18n } = useTranslation();
  const { text } = useLocalize();
  const series = card.animeTitle === null ? null : text(card.animeTitles, card.animeTitle);
  return (
    <li className="featured__card" style={rankColor(card.Rank.color)}>
      <figure>
        <LoadedImage
          className="featured__image"
          src={cardImageUrl(card.id, { lang: i18n.language })}
          // The caption names the card: the picture needs no second name.
          alt=""
          timeoutMs={IMAGE_TIMEOUT_MS.card}
        />
        <figcaption className="featured__caption">
          <span className="featured__name">{text(card.characterNames, card.characterName)}</span>
          {series && <span className="featured__anime">{series}</span>}
          <span className="featured__rank">
            <span className="featured__code">{card.Rank.code}</span> {text(card.Rank.titles, card.Rank.title)}
            {card.limited && <span className="featured__limited"> · {t('home.featured.limited')}</span>}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
