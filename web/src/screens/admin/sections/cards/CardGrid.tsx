import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminCard,
  type AdminRank,
  changeCardRank,
  deleteCard,
  type Season,
} from '../../../../api/admin-catalogue';
import { cardImageUrl } from '../../../../api/images';
import { LoadedImage } from '../../../../components/LoadedImage';
import { useNotify } from '../../../../components/Notify';
import type { useResourceWrites } from '../../kit/useResource';
import { useConfirmDelete } from '../../table/parts';

/** Requirements C9: card images time out after 10 s. */
export const CARD_IMAGE_TIMEOUT_MS = 10_000;
/** Requirements C9: a card image starts loading once it is within 200 px of the viewport. */
export const CARD_LAZY_MARGIN = '200px';

interface GridProps {
  shown: readonly AdminCard[];
  ranks: readonly AdminRank[];
  seasons: readonly Season[];
  write: ReturnType<typeof useResourceWrites>;
}

/** The page's cards: image, name, rank, season, and on hover the rank change and delete. */
export function CardGrid({ shown, ranks, seasons, write }: GridProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const notify = useNotify();
  const [rankSaving, setRankSaving] = useState<Record<number, boolean>>({});
  const changeRank = async (card: AdminCard, rankId: number) => {
    setRankSaving((s) => ({ ...s, [card.id]: true }));
    try {
      await write(() => changeCardRank(card.id, rankId));
    } catch {
      notify.error(t('adminCatalogue.cards.rankSaveError'));
    } finally {
      setRankSaving(({ [card.id]: _, ...rest }) => rest);
    }
  };
  const remove = async (card: AdminCard) => {
    if (!(await confirmDelete([`#${card.id} ${card.characterName}`]))) return;
    try {
      await write(() => deleteCard(card.id));
    } catch {
      // Requirements C8: no message on failure.
    }
  };
  const rankCode = (id: number | null) => ranks.find((r) => r.id === id)?.code ?? '';
  const seasonTitle = (id: number | null) => seasons.find((s) => s.id === id)?.title ?? null;
  return (
    <ul className="admin-cards__grid">
      {shown.map((card) => (
        <CardTile
          key={card.id}
          card={card}
          ranks={ranks}
          rankCode={card.rankCode || rankCode(card.rankId)}
          season={card.seasonTitle ?? seasonTitle(card.seasonId)}
          saving={rankSaving[card.id] === true}
          onRank={(rankId) => void changeRank(card, rankId)}
          onDelete={() => void remove(card)}
        />
      ))}
    </ul>
  );
}

interface TileProps {
  card: AdminCard;
  ranks: readonly AdminRank[];
  rankCode: string;
  season: string | null;
  saving: boolean;
  onRank: (rankId: number) => void;
  onDelete: () => void;
}

function CardTile({ card, ranks, rankCode, season, saving, onRank, onDelete }: TileProps) {
  const { t, i18n } = useTranslation();
  return (
    <li className="admin-cards__card" tabIndex={-1}>
      <NearViewport>
        <LoadedImage
          src={cardImageUrl(card.id, { lang: i18n.language })}
          alt={card.characterName}
          timeoutMs={CARD_IMAGE_TIMEOUT_MS}
          width={150}
          height={210}
        />
      </NearViewport>
      <div className="admin-cards__meta">
        <strong>{card.characterName}</strong>
        <span className="admin-badge">{rankCode}</span>
        {season ? <span>{season}</span> : null}
        {card.limited ? (
          <span className="badge badge--warning">{t('adminCatalogue.cards.limitedBadge')}</span>
        ) : null}
      </div>
      <div className="admin-cards__hover">
        <select
          aria-label={t('adminCatalogue.cards.rankOf', { id: card.id })}
          value={card.rankId ?? ''}
          disabled={saving}
          onChange={(e) => onRank(Number(e.target.value))}
        >
          {ranks.map((r) => (
            <option key={r.id} value={r.id}>
              {r.code}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--danger"
          aria-label={t('adminCatalogue.cards.deleteOf', { id: card.id })}
          onClick={onDelete}
        >
          {t('adminCatalogue.delete')}
        </button>
      </div>
    </li>
  );
}

/** Renders its children once the box comes within CARD_LAZY_MARGIN of the viewport. */
function NearViewport({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Not near on the server and at hydration; the browser decides after mounting.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: CARD_LAZY_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} className="admin-cards__image">
      {near ? children : null}
    </div>
  );
}
