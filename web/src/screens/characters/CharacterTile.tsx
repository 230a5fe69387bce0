import { useTranslation } from 'react-i18next';
import { type CatalogueCharacter, characterImage } from '../../api/catalogue';
import { useSession } from '../../app/session';
import { CardImage } from '../../components/CardImage';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { characterName } from '../../i18n/localized';

/** How wide a tile is drawn at most (CSS px): the grid's columns at 1366 px. */
const TILE_WIDTH = 240;
/** Two tiles a row on a phone, up to TILE_WIDTH on wider screens (docs/rules.md §28). */
const TILE_SIZES = `(max-width: 30rem) 50vw, ${TILE_WIDTH}px`;

/**
 * A tile: the character's first card as the image service draws it (rank, limited star, name
 * and series are on the card), alone, with no badge or frame of its own; a character without
 * cards shows its own picture; a mark with the copies the viewer holds. A button, so Enter and
 * Space open the modal like a click; its name is the character's name (in the page's language)
 * and alternate name.
 */
export function CharacterTile({
  character,
  newFrames,
  onOpen,
  priority = false,
  owned = 0,
}: {
  character: CatalogueCharacter;
  newFrames: boolean;
  onOpen: () => void;
  /** In the first row: its picture loads first (see LoadedImage). */
  priority?: boolean;
  /** Copies of this character's cards the viewer holds (0: none, no mark). */
  owned?: number;
}) {
  const { t } = useTranslation();
  const { language } = useSession();
  const name = characterName(character, language);
  const first = character.Cards[0];
  return (
    <button
      type="button"
      className={`character-tile${newFrames ? ' character-tile--new' : ''}`}
      data-rank={first?.Rank.code}
      onClick={onOpen}
      aria-haspopup="dialog"
    >
      {first ? (
        <CardImage
          cardId={first.id}
          alt=""
          drawnWidth={TILE_WIDTH}
          sizes={TILE_SIZES}
          priority={priority}
          className="character-tile__card"
        />
      ) : (
        <LoadedImage
          className="character-tile__card"
          src={characterImage(character)}
          fallback={fallbackAvatar(name)}
          onFailure="retry"
          alt=""
          timeoutMs={IMAGE_TIMEOUT_MS.card}
          priority={priority}
        />
      )}
      {owned > 0 && (
        <span className="owned-mark character-tile__owned" title={t('characters.owned', { count: owned })}>
          <span aria-hidden="true">✓ {owned}</span>
          <span className="visually-hidden">{t('characters.owned', { count: owned })}</span>
        </span>
      )}
      <span className="character-tile__name visually-hidden">{name}</span>
      {character.altname && character.altname !== name && (
        <span className="character-tile__alt visually-hidden">{character.altname}</span>
      )}
    </button>
  );
}
