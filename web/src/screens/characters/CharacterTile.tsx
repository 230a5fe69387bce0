import type { CatalogueCharacter } from '../../api/catalogue';
import { CardImage } from '../../components/CardImage';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';

/** How wide a tile is drawn at most (CSS px): the grid's columns at 1366 px. */
const TILE_WIDTH = 240;
/** Two tiles a row on a phone, up to TILE_WIDTH on wider screens (docs/rules.md §28). */
const TILE_SIZES = `(max-width: 30rem) 50vw, ${TILE_WIDTH}px`;

/**
 * A tile: the character's first card as the image service draws it (rank, limited star, name
 * and series are on the card), alone, with no badge or frame of its own; a character without
 * cards shows its own picture. A button, so Enter and Space open the modal like a click; its
 * name is the character's name and alternate name.
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
          src={character.imageUrl}
          fallback={fallbackAvatar(character.name)}
          onFailure="retry"
          alt=""
          timeoutMs={IMAGE_TIMEOUT_MS.card}
          priority={priority}
        />
      )}
      <span className="character-tile__name visually-hidden">{character.name}</span>
      {character.altname && <span className="character-tile__alt visually-hidden">{character.altname}</span>}
    </button>
  );
}
