import type { Collector, InventoryEntry } from '@acg/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';
import { cardImageUrl, discordAvatarUrl } from '../../api/images';
import { useRoute } from '../../api/query';
import { tradeWithPath } from '../../app/screens';
import { LoadError } from '../../components/LoadError';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { rankColor } from '../../components/rank-color';
import { CollectorWishlist } from '../wishlist/Wishlist';
import { CollectionCharts } from './CollectionCharts';
import { entryMatches } from './search';

/**
 * A collector's page /u/{id} (issue 22 item 6, rules §57): who they are, their collection with
 * counts by rank and by anime, and "offer a trade", which opens /trade with them as the
 * recipient. A hidden collection shows only who they are; an unknown id says so in place.
 */
export default function CollectorScreen({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useRoute('GET /api/collectors/:id', { params: { id: userId } });
  if (query.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!query.data) {
    if (query.error instanceof HttpError && query.error.status === 404)
      return (
        <section className="collector" aria-labelledby="collector-missing">
          <h1 id="collector-missing">{t('collector.notFound')}</h1>
        </section>
      );
    return (
      <LoadError
        className="error-text"
        error={query.error}
        message={t('collector.loadError')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const page = query.data;
  return (
    <section className="collector" aria-labelledby="collector-name">
      <CollectorHeader page={page} />
      {page.hidden && !page.self ? (
        <p className="empty">{t('collector.hidden', { name: page.user.displayName })}</p>
      ) : (
        <>
          {page.self && (
            <p className="collector__note">
              {page.hidden ? t('collector.hiddenFromOthers') : t('collector.yourPage')}
            </p>
          )}
          {page.stats && (
            <p className="collector__total">
              {t('collector.total', { total: page.stats.total_cards, unique: page.stats.unique_characters })}
            </p>
          )}
          {page.stats && <CollectionCharts stats={page.stats} />}
          <CollectorCards cards={page.cards} />
          <CollectorWishlist userId={page.user.id} />
        </>
      )}
    </section>
  );
}

function CollectorHeader({ page }: { page: Collector }) {
  const { t } = useTranslation();
  const { user } = page;
  return (
    <header className="collector__header panel">
      <LoadedImage
        className="collector__avatar"
        src={discordAvatarUrl(user.discordId, user.avatar)}
        fallback={fallbackAvatar(user.displayName)}
        alt={t('collector.avatarAlt', { name: user.displayName })}
        width={64}
        height={64}
        timeoutMs={IMAGE_TIMEOUT_MS.avatar}
      />
      <h1 id="collector-name">{t('collector.title', { name: user.displayName })}</h1>
      {!page.self && (
        <a className="button button--primary collector__trade" href={tradeWithPath(user.id)}>
          {t('collector.offerTrade')}
        </a>
      )}
    </header>
  );
}

function CollectorCards({ cards }: { cards: InventoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => cards.filter((e) => entryMatches(e, query)), [cards, query]);
  if (cards.length === 0) return <p className="empty">{t('collector.empty')}</p>;
  return (
    <section aria-labelledby="collector-cards">
      <h2 id="collector-cards">{t('collector.cards')}</h2>
      <label className="search">
        <span className="visually-hidden">{t('collector.search')}</span>
        <input
          type="search"
          value={query}
          placeholder={t('collector.search')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      {shown.length === 0 ? (
        <p className="empty">{t('profile.noResults')}</p>
      ) : (
        <ul className="tile-grid tile-grid--cards collector__cards">
          {shown.map((e) => (
            <li key={e.id} className="collector-card" data-rank={e.rank} style={rankColor(e.Card.Rank.color)}>
              <LoadedImage
                src={cardImageUrl(e.cardId, { lang: i18n.language })}
                alt={t('characters.cardAlt', { name: e.character, rank: e.rank })}
                width={144}
                height={216}
                timeoutMs={IMAGE_TIMEOUT_MS.card}
              />
              <p className="collector-card__name">
                {e.character}
                {e.quantity > 1 && <span className="card-frame__quantity"> ×{e.quantity}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
