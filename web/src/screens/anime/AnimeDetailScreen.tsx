import type { Anime, AnimeCards } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HttpError } from '../../api/http';
import { cardImageUrl } from '../../api/images';
import { useRoute } from '../../api/query';
import { oneOf, useAddress } from '../../app/address';
import { LoadError } from '../../components/LoadError';
import { IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { RichText } from '../../components/RichText';
import { Tabs } from '../../components/Tabs';
import { NotFoundScreen } from '../common/NotFoundScreen';

const TABS = ['info', 'cards', 'player'] as const;
type Tab = (typeof TABS)[number];
type DetailState =
  | { status: 'loading' }
  | { status: 'ready'; anime: Anime }
  | { status: 'error'; message: string };

const NO_CARDS: AnimeCards = { cards: [], userProgress: { total: 0, collected: 0 } };

/** The server's error text, else the search-error message; a failed request the connection error. */
function detailError(err: unknown, t: TFunction): string {
  if (!(err instanceof HttpError)) return t('anime.connectionError');
  const body = err.body as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && body.error ? body.error : t('anime.searchError');
}

/**
 * /anime/{animeId} (requirements M2): back link, info / cards / player tabs. A failed detail shows the
 * server's error text or the search-error message (network: connection error); a failed cards
 * load silently shows no cards and 0/0 (requirements M8).
 */
export function AnimeDetailScreen({ animeId }: { animeId: string }) {
  const { t, i18n } = useTranslation();
  // The tab lives in the address (?tab=cards): reload and back keep it.
  const address = useAddress();
  const tab = oneOf(address.params, 'tab', TABS, 'info');
  const setTab = (id: Tab) => address.set({ tab: id === 'info' ? null : id });
  const params = { params: { animeId } };
  const details = useRoute('GET /api/anime/:animeId/details', params);
  const cardsQuery = useRoute('GET /api/anime/:animeId/cards', params);
  const cards = cardsQuery.data ?? NO_CARDS;
  const detail: DetailState = details.data
    ? { status: 'ready', anime: details.data }
    : details.isError
      ? { status: 'error', message: detailError(details.error, t) }
      : { status: 'loading' };

  // No such anime (the gateway answers a loaded address with 404; this is a link followed in the app).
  if (details.error instanceof HttpError && details.error.status === 404) return <NotFoundScreen />;

  const { total, collected } = cards.userProgress;
  const percent = total === 0 ? 0 : Math.round((collected / total) * 100);
  const tabs: { id: Tab; title: string }[] = [
    { id: 'info' as const, title: t('animeDetail.tabs.info') },
    { id: 'cards' as const, title: t('animeDetail.tabs.cards', { collected, total }) },
    { id: 'player' as const, title: t('animeDetail.tabs.player') },
  ];

  return (
    <div className="anime-detail">
      <Link className="back-link" to="/anime">
        ← {t('animeDetail.back')}
      </Link>
      {detail.status === 'loading' && <p className="loading">{t('animeDetail.loading')}</p>}
      {detail.status === 'error' && (
        <LoadError
          className="notice notice--error"
          error={details.error}
          message={detail.message}
          onRetry={() => void details.refetch()}
        />
      )}
      {detail.status === 'ready' && <h1>{detail.anime.title}</h1>}
      <Tabs label={t('animeDetail.tabsLabel')} tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'info' && detail.status === 'ready' && <AnimeInfo anime={detail.anime} />}
        {tab === 'cards' && (
          <div className="anime-cards">
            <p className="progress-box">
              {t('animeDetail.progress', { collected, total, percent })}
              <progress
                value={collected}
                max={Math.max(total, 1)}
                aria-label={t('animeDetail.progressLabel')}
              />
            </p>
            <ul className="tile-grid tile-grid--cards">
              {cards.cards.map((card) => (
                <li key={card.id} className={`anime-card${card.collected ? ' anime-card--collected' : ''}`}>
                  {/* Sized before it loads (cards are 2:3), so the grid does not collapse and jump. */}
                  <LoadedImage
                    className="anime-card__image"
                    src={cardImageUrl(card.id, { lang: i18n.language })}
                    alt={card.collected ? '' : card.characterName}
                    timeoutMs={IMAGE_TIMEOUT_MS.card}
                  />
                  {card.collected && (
                    <span className="anime-card__caption">
                      {card.characterName} <span style={{ color: card.Rank.color }}>{card.rank}</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {tab === 'player' && <p className="notice">{t('animeDetail.playerSoon')}</p>}
      </Tabs>
    </div>
  );
}

function AnimeInfo({ anime }: { anime: Anime }) {
  const { t } = useTranslation();
  return (
    <div className="anime-info">
      <LoadedImage
        className="anime-info__image"
        src={anime.image}
        alt={anime.title}
        width={225}
        height={320}
      />
      <div className="anime-info__text">
        {anime.englishTitle && anime.englishTitle !== anime.title && (
          <p className="anime-info__english">{anime.englishTitle}</p>
        )}
        {anime.url && (
          <p>
            <a href={anime.url} target="_blank" rel="noopener noreferrer">
              {t(`animeDetail.openOn.${anime.source}`)}
            </a>
          </p>
        )}
        <dl className="anime-info__facts">
          <dt>{t('animeDetail.rating')}</dt>
          <dd>{anime.rating ?? '—'}</dd>
          <dt>{t('animeDetail.episodes')}</dt>
          <dd>{anime.episodes ?? '?'}</dd>
          <dt>{t('animeDetail.status')}</dt>
          <dd>{anime.status ? t(`anime.status.${anime.status}`, { defaultValue: anime.status }) : '—'}</dd>
          <dt>{t('animeDetail.genres')}</dt>
          <dd>{anime.genres.join(', ') || '—'}</dd>
        </dl>
        {anime.description && <RichText className="anime-info__description" text={anime.description} />}
      </div>
    </div>
  );
}
