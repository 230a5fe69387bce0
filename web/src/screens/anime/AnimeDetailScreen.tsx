import type { Anime } from '@acg/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AnimeCardsAnswer, getAnimeCards, getAnimeDetails } from '../../api/anime';
import { HttpError } from '../../api/http';
import { cardImageUrl } from '../../api/images';
import { IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { Tabs } from '../../components/Tabs';

type Tab = 'info' | 'cards' | 'player';
type DetailState =
  | { status: 'loading' }
  | { status: 'ready'; anime: Anime }
  | { status: 'error'; message: string };

const NO_CARDS: AnimeCardsAnswer = { cards: [], userProgress: { total: 0, collected: 0 } };

/**
 * /anime/{animeId} (spec 1 §2): back link, info / cards / player tabs. A failed detail shows the
 * server's error text or the search-error message (network: connection error); a failed cards
 * load silently shows no cards and 0/0 (spec 1 §8).
 */
export function AnimeDetailScreen({ animeId }: { animeId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('info');
  const [detail, setDetail] = useState<DetailState>({ status: 'loading' });
  const [cards, setCards] = useState<AnimeCardsAnswer>(NO_CARDS);

  useEffect(() => {
    const controller = new AbortController();
    setDetail({ status: 'loading' });
    getAnimeDetails(animeId, controller.signal).then(
      (anime) => setDetail({ status: 'ready', anime }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const body = err instanceof HttpError ? (err.body as { error?: unknown } | undefined) : undefined;
        const message =
          err instanceof HttpError
            ? typeof body?.error === 'string' && body.error
              ? body.error
              : t('anime.searchError')
            : t('anime.connectionError');
        setDetail({ status: 'error', message });
      },
    );
    getAnimeCards(animeId, controller.signal).then(setCards, () => {
      if (!controller.signal.aborted) setCards(NO_CARDS);
    });
    return () => controller.abort();
  }, [animeId, t]);

  const { total, collected } = cards.userProgress;
  const percent = total === 0 ? 0 : Math.round((collected / total) * 100);
  const tabs = [
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
        <p className="notice notice--error" role="alert">
          {detail.message}
        </p>
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
                    src={cardImageUrl(card.id)}
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
        {anime.description && <p className="anime-info__description">{anime.description}</p>}
      </div>
    </div>
  );
}
