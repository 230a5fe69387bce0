import { type CatalogueCharacter, characterImage } from '../../api/catalogue';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { rankColor } from '../../components/rank-color';

/**
 * A tile: the first card's rank code in its colour, avatar, name and alternate name. A button,
 * so Enter and Space open the modal like a click.
 */
export function CharacterTile({
  character,
  newFrames,
  onOpen,
  priority = false,
}: {
  character: CatalogueCharacter;
  newFrames: boolean;
  onOpen: () => void;
  /** In the first row: its picture loads first (see LoadedImage). */
  priority?: boolean;
}) {
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
        fallback={fallbackAvatar(character.name)}
        onFailure="retry"
        alt=""
        timeoutMs={IMAGE_TIMEOUT_MS.card}
        priority={priority}
      />
      <span className="character-tile__name">{character.name}</span>
      {character.altname && <span className="character-tile__alt">{character.altname}</span>}
    </button>
  );
}
