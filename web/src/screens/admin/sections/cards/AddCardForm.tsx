import { useTranslation } from 'react-i18next';
import type { AdminCharacter, AdminRank, Anime, Season } from '../../../../api/admin-catalogue';
import type { FormField, FormFields, Mode, Refusal } from './refusal';
import type { FieldChange } from './useAddCard';

/** The single-add character field suggests this many characters by name. */
export const CHARACTER_SUGGESTIONS = 500;

interface FieldProps {
  form: FormFields;
  formError: Refusal | null;
  set: FieldChange;
}

/** An input named by its label's text only (not the refusal under it), invalid and described by the refusal about it. */
const invalid = (formError: Refusal | null, field: FormField) => ({
  'aria-labelledby': `admin-card-${field}-label`,
  ...(formError?.field === field
    ? { 'aria-invalid': true as const, 'aria-describedby': `admin-card-${field}-err` }
    : {}),
});
const errorUnder = (formError: Refusal | null, field: FormField) =>
  formError?.field === field ? (
    <span id={`admin-card-${field}-err`} className="admin-field__error" role="alert">
      {formError.text}
    </span>
  ) : null;

function RankSelect({ form, formError, set, ranks }: FieldProps & { ranks: readonly AdminRank[] }) {
  const { t } = useTranslation();
  return (
    <label className="admin-field">
      <span className="admin-field__label" id="admin-card-rankId-label">
        {t('adminCatalogue.cards.rank')}
      </span>
      <select value={form.rankId} onChange={set('rankId')} {...invalid(formError, 'rankId')}>
        <option value="">{t('adminCatalogue.choose')}</option>
        {ranks.map((r) => (
          <option key={r.id} value={r.id}>
            {r.code} — {r.title}
          </option>
        ))}
      </select>
      {errorUnder(formError, 'rankId')}
    </label>
  );
}

function SeasonSelect({
  form,
  formError,
  set,
  seasons,
  label,
}: FieldProps & { seasons: readonly Season[]; label: string }) {
  const { t } = useTranslation();
  return (
    <label className="admin-field">
      <span className="admin-field__label" id="admin-card-seasonId-label">
        {label}
      </span>
      <select value={form.seasonId} onChange={set('seasonId')} {...invalid(formError, 'seasonId')}>
        <option value="">{t('adminCatalogue.none')}</option>
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
      {errorUnder(formError, 'seasonId')}
    </label>
  );
}

function LimitedFields(props: FieldProps & { seasons: readonly Season[] }) {
  const { t } = useTranslation();
  const { form, formError, set } = props;
  return (
    <>
      <label className="admin-check">
        <input type="checkbox" checked={form.limited} onChange={set('limited')} />
        {t('adminCatalogue.cards.limited')}
      </label>
      {form.limited ? <SeasonSelect {...props} label={t('adminCatalogue.cards.season')} /> : null}
      <label className="admin-check">
        <input type="checkbox" checked={form.useImage} onChange={set('useImage')} />
        {t('adminCatalogue.cards.customImage')}
      </label>
      {form.useImage ? (
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label" id="admin-card-imageUrl-label">
            {t('adminCatalogue.imageUrl')}
          </span>
          <input
            type="url"
            value={form.imageUrl}
            onChange={set('imageUrl')}
            {...invalid(formError, 'imageUrl')}
          />
          {errorUnder(formError, 'imageUrl')}
        </label>
      ) : null}
    </>
  );
}

function CharacterField({
  form,
  formError,
  set,
  characters,
}: FieldProps & { characters: readonly AdminCharacter[] }) {
  const { t } = useTranslation();
  return (
    <label className="admin-field admin-field--grow">
      <span className="admin-field__label" id="admin-card-characterId-label">
        {t('adminCatalogue.cards.character')}
      </span>
      <input
        list="admin-card-characters"
        inputMode="numeric"
        value={form.characterId}
        onChange={set('characterId')}
        {...invalid(formError, 'characterId')}
      />
      {errorUnder(formError, 'characterId')}
      <datalist id="admin-card-characters">
        {characters.slice(0, CHARACTER_SUGGESTIONS).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </datalist>
    </label>
  );
}

function CharacterIdsField({ form, formError, set }: FieldProps) {
  const { t } = useTranslation();
  return (
    <label className="admin-field admin-field--grow">
      <span className="admin-field__label" id="admin-card-characterIds-label">
        {t('adminCatalogue.cards.characterIds')}
      </span>
      <textarea
        rows={3}
        value={form.characterIds}
        onChange={set('characterIds')}
        {...invalid(formError, 'characterIds')}
      />
      {errorUnder(formError, 'characterIds')}
    </label>
  );
}

function AnimeField({ form, formError, set, animes }: FieldProps & { animes: readonly Anime[] }) {
  const { t } = useTranslation();
  return (
    <label className="admin-field admin-field--grow">
      <span className="admin-field__label" id="admin-card-animeId-label">
        {t('adminCatalogue.cards.anime')}
      </span>
      <select value={form.animeId} onChange={set('animeId')} {...invalid(formError, 'animeId')}>
        <option value="">{t('adminCatalogue.choose')}</option>
        {animes.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </select>
      {errorUnder(formError, 'animeId')}
    </label>
  );
}

export interface AddCardFormProps extends FieldProps {
  mode: Mode;
  busy: boolean;
  submit: (e: React.FormEvent) => void;
  ranks: readonly AdminRank[];
  seasons: readonly Season[];
  animes: readonly Anime[];
  characters: readonly AdminCharacter[];
}

/** The add form of the chosen mode: its fields, the submit button and a refusal about no field. */
export function AddCardForm(props: AddCardFormProps) {
  const { t } = useTranslation();
  const { mode, busy, submit, formError } = props;
  const rankSelect = <RankSelect {...props} />;
  const optionalSeason = <SeasonSelect {...props} label={t('adminCatalogue.cards.seasonOptional')} />;
  return (
    <form
      className="admin-catalogue__form"
      onSubmit={submit}
      noValidate
      aria-label={t(`adminCatalogue.cards.mode.${mode}`)}
    >
      {mode === 'single' ? (
        <>
          <CharacterField {...props} />
          {rankSelect}
          <LimitedFields {...props} />
        </>
      ) : null}
      {mode === 'bulk' ? (
        <>
          <CharacterIdsField {...props} />
          {rankSelect}
          <LimitedFields {...props} />
        </>
      ) : null}
      {mode === 'anime' ? (
        <>
          <AnimeField {...props} />
          {rankSelect}
          {optionalSeason}
        </>
      ) : null}
      {mode === 'all' ? (
        <>
          {rankSelect}
          {optionalSeason}
        </>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('adminCatalogue.adding') : t('adminCatalogue.cards.submit')}
      </button>
      <p className="admin-error" role={formError && !formError.field ? 'alert' : undefined}>
        {formError && !formError.field ? formError.text : ''}
      </p>
    </form>
  );
}
