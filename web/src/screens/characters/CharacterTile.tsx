import { useTranslation } from 'react-i18next';
import { type CatalogueCharacter, characterImage } from '../../api/catalogue';
import { useSession } from '../../app/session';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { rankColor } from '../../components/rank-color';
import { characterName } from '../../i18n/localized';

/**
 * A tile: the first card's rank code in its colour, avatar, name (in the page's language) and
 * alternate name, and a mark with the copies the viewer holds. A button, so Enter and Space
 * open the modal like a click.
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
  const rank = first?.Rank;
  return (
    <button
      type="button"
      className={`character-tile${newFrames ? ' character-tile--new' : ''}`}
      data-rank={rank?.code}
      style={rankColor(rank?.color)}
      onClick={onOpen}
      aria-haspopup="dialog"
    >
      <span
        className="rank-code character-tile__rank"
        data-rank={rank?.code}
        style={rankColor(rank?.color)}
        title={rank?.title}
      >
        {rank?.code || rank?.title || '?'}
      </span>
      <LoadedImage
        className="character-tile__avatar"
        src={characterImage(character)}
        fallback={fallbackAvatar(name)}
        onFailure="retry"
        alt=""
        timeoutMs={IMAGE_TIMEOUT_MS.card}
        priority={priority}
      />
      {owned > 0 && (
        <span className="owned-mark character-tile__owned" title={t('characters.owned', { count: owned })}>
          <span aria-hidden="true">✓ {owned}</span>
          <span className="visually-hidden">{t('characters.owned', { count: owned })}</span>
        </span>
      )}
      <span className="character-tile__name">{name}</span>
      {character.altname && character.altname !== name && (
        <span className="character-tile__alt">{character.altname}</span>
      )}
    </button>
  );
}
