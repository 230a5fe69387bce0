import type { TFunction } from 'i18next';
import { serverFieldErrors } from '../../../../api/field-errors';
import { loadErrorText } from '../../../../components/LoadError';
import { say } from '../../catalogue/say';
import type { CardForm, Message } from '../../catalogue/validation';

export type Mode = CardForm['mode'];
export const MODES: readonly Mode[] = ['single', 'bulk', 'anime', 'all'];
export type FormFields = Omit<CardForm, 'mode'>;
export const emptyForm: FormFields = {
  characterId: '',
  characterIds: '',
  animeId: '',
  rankId: '',
  seasonId: '',
  limited: false,
  useImage: false,
  imageUrl: '',
};

/** The add form's fields a refusal can be about. */
export type FormField = 'characterId' | 'characterIds' | 'rankId' | 'seasonId' | 'animeId' | 'imageUrl';
export interface Refusal {
  field: FormField | null;
  text: string;
}
/** The field each of the form's own checks is about. */
const CHECKED_FIELD: Record<string, FormField> = {
  'adminCatalogue.cards.needCharacter': 'characterId',
  'adminCatalogue.cards.needIds': 'characterIds',
  'adminCatalogue.cards.needRank': 'rankId',
  'adminCatalogue.cards.needRankOnly': 'rankId',
  'adminCatalogue.cards.needSeason': 'seasonId',
};
/** The form field of each request key a server refusal names (bulk: the ids' list). */
const serverField = (key: string, mode: Mode): FormField | null =>
  key === 'character_id' || key === 'cards'
    ? mode === 'bulk'
      ? 'characterIds'
      : 'characterId'
    : key === 'rank_id'
      ? 'rankId'
      : key === 'season_id'
        ? 'seasonId'
        : key === 'imageUrl'
          ? 'imageUrl'
          : null;

/** The form's own check, under the field it is about (the anime and rank check: the empty one). */
export const checked = (t: TFunction, problem: Message, full: CardForm): Refusal => ({
  field:
    CHECKED_FIELD[problem.key] ??
    (problem.key === 'adminCatalogue.cards.needAnimeAndRank' ? (full.animeId ? 'rankId' : 'animeId') : null),
  text: say(t, problem),
});

/** A refused write: under the field the server named (its text, else "<label>: check this value"), else under the form. */
export const refused = (t: TFunction, err: unknown, mode: Mode): Refusal => {
  for (const [key, text] of serverFieldErrors(err) ?? []) {
    const field = serverField(key, mode);
    if (field) return { field, text: text ?? t('adminKit.fieldInvalid', { field: fieldLabel(t, field) }) };
  }
  return { field: null, text: loadErrorText(t, err) };
};

const fieldLabel = (t: TFunction, field: FormField) =>
  ({
    characterId: t('adminCatalogue.cards.character'),
    characterIds: t('adminCatalogue.cards.characterIds'),
    rankId: t('adminCatalogue.cards.rank'),
    seasonId: t('adminCatalogue.cards.season'),
    animeId: t('adminCatalogue.cards.anime'),
    imageUrl: t('adminCatalogue.imageUrl'),
  })[field];
