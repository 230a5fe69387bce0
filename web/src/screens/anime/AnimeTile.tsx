import type { Anime } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadedImage } from '../../components/LoadedImage';

/** A search result (requirements M2): image, title, English title only when different, rating, episodes, status. */
export function AnimeTile({ anime }: { anime: Anime }) {
  const { t } = useTranslation();
  return (
    <Link className="anime-tile" to={`/anime/${encodeURIComponent(anime.id)}`}>
      <LoadedImage className="anime-tile__image" src={anime.image} alt="" width={120} height={170} />
      <span className="anime-tile__body">
        <span className="anime-tile__title">{anime.title}</span>
        {anime.englishTitle && anime.englishTitle !== anime.title && (
          <span className="anime-tile__english">{anime.englishTitle}</span>
        )}
        <span className="anime-tile__facts">
          <span>{t('anime.rating', { value: anime.rating ?? '—' })}</span>
          <span>{t('anime.episodes', { value: anime.episodes ?? '?' })}</span>
          {anime.status && <span>{t(`anime.status.${anime.status}`, { defaultValue: anime.status })}</span>}
        </span>
      </span>
    </Link>
  );
}
