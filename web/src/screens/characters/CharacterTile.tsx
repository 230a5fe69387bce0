import { useTranslation } from 'react-i18next';
import { type CatalogueCharacter, characterImage } from '../../api/catalogue';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';

/** A tile: the first card's rank code in its colour, avatar, name and alternate name. */
export function CharacterTile({ character, onOpen }: { character: CatalogueCharacter; onOpen: () => void }) {
  const { t } = useTranslation();
  const first = character.Cards[0];
  return (
    <button type="button" className="character-tile" onClick={onOpen} aria-haspopup="dialog">
      <span
        className="rank-code character-tile__rank"
        data-rank={first?.Rank.code}
        style={first ? { color: first.Rank.color, borderColor: first.Rank.color } : undefined}
      >
        {first?.Rank.code ?? '?'}
      </span>
      <LoadedImage
        className="character-tile__avatar"
        src={characterImage(character)}
        fallback={fallbackAvatar(character.name)}
        alt={t('characters.avatarAlt', { name: character.name })}
        timeoutMs={IMAGE_TIMEOUT_MS.card}
      />
      <span className="character-tile__name">{character.name}</span>
      {character.altname && <span className="character-tile__alt">{character.altname}</span>}
    </button>
  );
}
