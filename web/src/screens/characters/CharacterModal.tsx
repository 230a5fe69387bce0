import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CatalogueCharacter, characterImage, ownerName } from '../../api/catalogue';
import { discordAvatarUrl } from '../../api/images';
import { useOwnedCards } from '../../api/owned';
import { useRoute } from '../../api/query';
import { collectorPath } from '../../app/screens';
import { useSession } from '../../app/session';
import { CardImage } from '../../components/CardImage';
import { LikeButton, PrintedCount } from '../../components/LikeButton';
import { loadErrorText } from '../../components/LoadError';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { Modal } from '../../components/Modal';
import { RichText } from '../../components/RichText';
import { rankColor } from '../../components/rank-color';
import { Tabs } from '../../components/Tabs';
import { characterDescription, characterName } from '../../i18n/localized';
import { WishToggle } from '../wishlist/WishToggle';

type Tab = 'cards' | 'owners';
/** The modal's cards are drawn at most this wide (CSS px). */
const MODAL_CARD_WIDTH = 200;

/** The character modal (requirements M2): details, external links, cards with likes, owners. */
export function CharacterModal({
  character,
  newFrames,
  onClose,
}: {
  character: CatalogueCharacter;
  newFrames: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSession();
  const owned = useOwnedCards();
  const titleId = useId();
  const [tab, setTab] = useState<Tab>('cards');
  const name = characterName(character, language);
  const description = characterDescription(character, language);
  return (
    <Modal labelledBy={titleId} onClose={onClose} closeLabel={t('common.close')}>
      <header className="character-modal__header">
        <LoadedImage
          className="character-modal__avatar"
          src={characterImage(character)}
          fallback={fallbackAvatar(name)}
          onFailure="retry"
          alt={t('characters.avatarAlt', { name })}
          timeoutMs={IMAGE_TIMEOUT_MS.card}
        />
        <div>
          <h2 id={titleId}>{name}</h2>
          {character.altname && character.altname !== name && (
            <p className="character-modal__alt">{character.altname}</p>
          )}
          <p className="character-modal__links">
            {character.shikimoriId !== null && (
              <a
                href={`https://shikimori.one/characters/${character.shikimoriId}`}
                target="_blank"
                rel="noreferrer noopener"
              >
                Shikimori
              </a>
            )}
            {character.anilistId !== null && (
              <a
                href={`https://anilist.co/character/${character.anilistId}`}
                target="_blank"
                rel="noreferrer noopener"
              >
                AniList
              </a>
            )}
          </p>
          {character.Cards.length > 0 && <WishToggle characterId={character.id} name={name} />}
        </div>
      </header>
      {description && <RichText className="character-modal__description" text={description} />}
      <Tabs
        label={t('characters.tabsLabel')}
        tabs={(['cards', 'owners'] as const).map((id) => ({ id, title: t(`characters.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        {character.Cards.length === 0 ? (
          <p className="empty">{t('characters.noCards')}</p>
        ) : tab === 'cards' ? (
          <ul className="tile-grid tile-grid--cards">
            {character.Cards.map((card) => (
              <li
                key={card.id}
                className={`modal-card${newFrames ? ' modal-card--new' : ''}`}
                data-rank={card.Rank.code}
              >
                <CardImage
                  cardId={card.id}
                  alt={t('characters.cardAlt', { name, rank: card.Rank.code })}
                  drawnWidth={MODAL_CARD_WIDTH}
                />
                <div className="modal-card__meta">
                  <PrintedCount cardId={card.id} />
                  <LikeButton cardId={card.id} />
                  {(owned.get(card.id) ?? 0) > 0 && (
                    <span className="owned-mark" title={t('characters.owned', { count: owned.get(card.id) })}>
                      <span aria-hidden="true">✓ {owned.get(card.id)}</span>
                      <span className="visually-hidden">
                        {t('characters.owned', { count: owned.get(card.id) })}
                      </span>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="owners">
            {character.Cards.map((card) => (
              <CardOwners key={card.id} cardId={card.id} rank={card.Rank} />
            ))}
          </div>
        )}
      </Tabs>
    </Modal>
  );
}

function CardOwners({
  cardId,
  rank,
}: {
  cardId: number;
  rank: { code: string; title: string; color: string };
}) {
  const { t } = useTranslation();
  const query = useRoute('GET /api/inventory', { query: { card_id: cardId } });
  const owners = query.data ?? null;
  const rankName = rank.code || rank.title || '?';
  return (
    <section className="owners__card" aria-label={t('characters.ownersOf', { id: cardId, rank: rankName })}>
      <h3>
        <span className="rank-code" data-rank={rank.code} style={rankColor(rank.color)}>
          {rankName}
        </span>{' '}
        #{cardId}
      </h3>
      {query.isError && owners === null ? (
        <p className="error-text" role="alert">
          <span>{t('characters.ownersError', { detail: loadErrorText(t, query.error) })}</span>{' '}
          <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
            {t('loadError.retry')}
          </button>
        </p>
      ) : owners === null ? (
        <p className="loading">{t('common.loading')}</p>
      ) : owners.length === 0 ? (
        <p className="empty">{t('characters.noOwners')}</p>
      ) : (
        <ul className="owners__list">
          {owners.map((o) => (
            <li key={o.user_id ?? o.id} className="owner">
              <LoadedImage
                className="owner__avatar"
                src={discordAvatarUrl(o.discordId, o.avatar)}
                fallback={fallbackAvatar(ownerName(o))}
                alt=""
                timeoutMs={IMAGE_TIMEOUT_MS.avatar}
                width={32}
                height={32}
              />
              <a className="owner__link" href={collectorPath(o.user_id ?? o.id)}>
                {ownerName(o)}
              </a>
              {o.quantity > 1 && <span className="owner__quantity">×{o.quantity}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
