import type { AdminAnime, AdminCard as AdminCardAnswer, ServerCacheStats } from '@acg/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminCard,
  type AdminCharacter,
  type AdminRank,
  type Anime,
  addCardsForAllAnime,
  addCardsForAnime,
  CARD_CACHE_NAMESPACES,
  type CacheNamespace,
  changeCardRank,
  createCard,
  createCardsBulk,
  deleteCard,
  type Season,
  toAnime,
  toCard,
} from '../../../../api/admin-catalogue';
import { serverFieldErrors } from '../../../../api/field-errors';
import { cardImageUrl } from '../../../../api/images';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { LoadedImage } from '../../../../components/LoadedImage';
import { useNotify } from '../../../../components/Notify';
import { say } from '../../catalogue/say';
import {
  type CardForm,
  type Message,
  parseIdList,
  singleCardBody,
  validateCardForm,
} from '../../catalogue/validation';
import { asRows, useResourceList, useResourceWrites } from '../../kit/useResource';
import { DataTable } from '../../table/DataTable';
import { matchesText, pageCount, pageSlice } from '../../table/model';
import { PageNav, useConfirmDelete } from '../../table/parts';
import { useDebounced } from '../../table/useAdminTable';

/** Requirements C9: 40 cards a page; card images time out after 10 s. */
export const CARD_PAGE_SIZE = 40;
export const CARD_IMAGE_TIMEOUT_MS = 10_000;
/** The single-add character field suggests this many characters by name. */
const CHARACTER_SUGGESTIONS = 500;
type Mode = CardForm['mode'];
const MODES: readonly Mode[] = ['single', 'bulk', 'anime', 'all'];
const emptyForm: Omit<CardForm, 'mode'> = {
  characterId: '',
  characterIds: '',
  animeId: '',
  rankId: '',
  seasonId: '',
  limited: false,
  useImage: false,
  imageUrl: '',
};

const cardRows = (answer: AdminCardAnswer[]) => answer.map(toCard);
const animeRows = (answer: AdminAnime[]) => answer.map(toAnime);
const cacheRows = (answer: { application_cache: ServerCacheStats }): CacheNamespace[] =>
  answer.application_cache.namespaces
    .filter((n) => (CARD_CACHE_NAMESPACES as readonly string[]).includes(n.name))
    .map((n) => ({ name: n.name, keys: n.keys, hits: n.hits, misses: n.misses, hitRate: n.hit_rate }));
const SUGGESTIONS = { query: { limit: CHARACTER_SUGGESTIONS } };

/** The add form's fields a refusal can be about. */
type FormField = 'characterId' | 'characterIds' | 'rankId' | 'seasonId' | 'animeId' | 'imageUrl';
interface Refusal {
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
/** A card write changes the card list, the cache figures and the member catalogue. */
const CHANGES = ['GET /admin/cards', 'GET /api/admin/cache/stats', 'GET /api/characters'] as const;

/** The filter bar's search: character name, rank code or card id. */
export const cardMatches = (card: AdminCard, q: string) =>
  matchesText(q, card.characterName, card.rankCode, card.id);

/** Card admin (requirements C2.1). */
export default function CardsSection() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const ask = useConfirm();
  const notify = useNotify();
  const lists = {
    cards: useResourceList('GET /admin/cards', cardRows),
    ranks: useResourceList('GET /admin/ranks', asRows<AdminRank>),
    seasons: useResourceList('GET /admin/seasons', asRows<Season>),
    animes: useResourceList('GET /admin/animes', animeRows),
    characters: useResourceList('GET /admin/characters', asRows<AdminCharacter>, { input: SUGGESTIONS }),
    stats: useResourceList('GET /api/admin/cache/stats', cacheRows),
  };
  const write = useResourceWrites(CHANGES);
  const cards: readonly AdminCard[] = lists.cards.rows;
  const ranks: readonly AdminRank[] = lists.ranks.rows;
  const seasons: readonly Season[] = lists.seasons.rows;
  const animes: readonly Anime[] = lists.animes.rows;
  const characters: readonly AdminCharacter[] = lists.characters.rows;
  const stats = lists.stats.loaded ? lists.stats.rows : null;
  const all = Object.values(lists);
  const loading = all.some((l) => l.loading);
  const reload = () => {
    for (const l of all) l.reload();
  };
  // Requirements C8: data-loading failures are only logged; the lists stay empty.
  const failure = all.find((l) => l.error)?.error;
  useEffect(() => {
    if (failure) console.error('cards section load', failure);
  }, [failure]);
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const [rankFilter, setRankFilter] = useState('');
  const [seasonFilter, setSeasonFilter] = useState('');
  const [limitedOnly, setLimitedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<Mode | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [rankSaving, setRankSaving] = useState<Record<number, boolean>>({});

  // Changing the search or the filters returns to page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the triggers
  useEffect(() => setPage(1), [q, rankFilter, seasonFilter, limitedOnly]);

  const filtered = useMemo(
    () =>
      cards
        .filter(
          (c) =>
            cardMatches(c, q) &&
            (!rankFilter || String(c.rankId) === rankFilter) &&
            (!seasonFilter || String(c.seasonId) === seasonFilter) &&
            (!limitedOnly || c.limited),
        )
        .sort((a, b) => b.id - a.id),
    [cards, q, rankFilter, seasonFilter, limitedOnly],
  );
  const pages = pageCount(filtered.length, CARD_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = pageSlice(filtered, current, CARD_PAGE_SIZE);
  const rankCode = (id: number | null) => ranks.find((r) => r.id === id)?.code ?? '';
  const seasonTitle = (id: number | null) => seasons.find((s) => s.id === id)?.title ?? null;

  const toggleMode = (m: Mode) => {
    setMode((cur) => (cur === m ? null : m));
    setFormError(null);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    const full: CardForm = { ...form, mode };
    const problem = validateCardForm(full);
    setFormError(problem ? checked(problem, full) : null);
    if (problem) return;
    const rank_id = Number(form.rankId);
    const season_id = form.seasonId ? Number(form.seasonId) : null;
    setBusy(true);
    try {
      if (mode === 'single' || mode === 'bulk') await addCards(full, rank_id, season_id);
      else if (mode === 'anime') {
        const result = await addCardsForAnime(Number(form.animeId), rank_id, season_id);
        if (!result.ok)
          notify.error(t('adminCatalogue.cards.failed', { error: result.body?.error ?? result.statusText }));
        else {
          notify.success(
            t('adminCatalogue.cards.added', {
              added: result.body?.added ?? 0,
              skipped: result.body?.skipped ?? 0,
            }),
          );
          setForm(emptyForm);
          setMode(null);
        }
      } else {
        if (!(await ask({ message: t('adminCatalogue.cards.confirmAll') }))) return;
        const result = await addCardsForAllAnime(rank_id, season_id);
        if (!result.ok)
          notify.error(t('adminCatalogue.cards.failed', { error: result.body?.error ?? result.statusText }));
        else {
          const b = result.body ?? {};
          notify.success(
            t('adminCatalogue.cards.addedAll', {
              total: b.total_anime ?? 0,
              added: b.total_added ?? 0,
              skipped: b.total_skipped ?? 0,
            }),
          );
          setForm(emptyForm);
          setMode(null);
        }
      }
      // The card list (and what else a card changes) loads again.
      await write(async () => {});
    } finally {
      setBusy(false);
    }
  };

  /** The form's own check, under the field it is about (the anime and rank check: the empty one). */
  const checked = (problem: Message, full: CardForm): Refusal => ({
    field:
      CHECKED_FIELD[problem.key] ??
      (problem.key === 'adminCatalogue.cards.needAnimeAndRank'
        ? full.animeId
          ? 'rankId'
          : 'animeId'
        : null),
    text: say(t, problem),
  });
  /** A refused write: under the field the server named (its text, else "<label>: check this value"), else under the form. */
  const refused = (err: unknown, mode: Mode): Refusal => {
    for (const [key, text] of serverFieldErrors(err) ?? []) {
      const field = serverField(key, mode);
      if (field) return { field, text: text ?? t('adminKit.fieldInvalid', { field: fieldLabel(field) }) };
    }
    return { field: null, text: loadErrorText(t, err) };
  };
  const fieldLabel = (field: FormField) =>
    ({
      characterId: t('adminCatalogue.cards.character'),
      characterIds: t('adminCatalogue.cards.characterIds'),
      rankId: t('adminCatalogue.cards.rank'),
      seasonId: t('adminCatalogue.cards.season'),
      animeId: t('adminCatalogue.cards.anime'),
      imageUrl: t('adminCatalogue.imageUrl'),
    })[field];
  /** One card or many by character ids (issue 28: each says so, a refusal shows where it belongs). */
  const addCards = async (full: CardForm, rank_id: number, season_id: number | null) => {
    const image = form.useImage && form.imageUrl.trim() ? { imageUrl: form.imageUrl.trim() } : {};
    const rank = ranks.find((r) => r.id === rank_id)?.code ?? '';
    try {
      if (full.mode === 'single') {
        await createCard(singleCardBody(full));
        const name =
          characters.find((c) => c.id === Number(form.characterId))?.name ?? `#${form.characterId}`;
        notify.success(t('adminCatalogue.cards.addedOne', { name, rank }));
      } else {
        const ids = parseIdList(form.characterIds);
        const limited = { limited: form.limited, season_id: form.limited ? season_id : null };
        await createCardsBulk(ids.map((character_id) => ({ character_id, rank_id, ...limited, ...image })));
        notify.success(t('adminCatalogue.cards.addedMany', { count: ids.length, rank }));
        setMode(null);
      }
      setForm(emptyForm);
    } catch (err) {
      setFormError(refused(err, full.mode));
    }
  };
  /** An input named by its label's text only (not the refusal under it), invalid and described by the refusal about it. */
  const invalid = (field: FormField) => ({
    'aria-labelledby': `admin-card-${field}-label`,
    ...(formError?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `admin-card-${field}-err` }
      : {}),
  });
  const errorUnder = (field: FormField) =>
    formError?.field === field ? (
      <span id={`admin-card-${field}-err`} className="admin-field__error" role="alert">
        {formError.text}
      </span>
    ) : null;

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
  const set =
    (field: keyof typeof emptyForm) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm((f) => ({
        ...f,
        [field]:
          e.target instanceof HTMLInputElement && e.target.type === 'checkbox'
            ? e.target.checked
            : e.target.value,
      }));

  const rankSelect = (
    <label className="admin-field">
      <span className="admin-field__label" id="admin-card-rankId-label">
        {t('adminCatalogue.cards.rank')}
      </span>
      <select value={form.rankId} onChange={set('rankId')} {...invalid('rankId')}>
        <option value="">{t('adminCatalogue.choose')}</option>
        {ranks.map((r) => (
          <option key={r.id} value={r.id}>
            {r.code} — {r.title}
          </option>
        ))}
      </select>
      {errorUnder('rankId')}
    </label>
  );
  const seasonSelect = (label: string) => (
    <label className="admin-field">
      <span className="admin-field__label" id="admin-card-seasonId-label">
        {label}
      </span>
      <select value={form.seasonId} onChange={set('seasonId')} {...invalid('seasonId')}>
        <option value="">{t('adminCatalogue.none')}</option>
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
      {errorUnder('seasonId')}
    </label>
  );
  const limitedFields = (
    <>
      <label className="admin-check">
        <input type="checkbox" checked={form.limited} onChange={set('limited')} />
        {t('adminCatalogue.cards.limited')}
      </label>
      {form.limited ? seasonSelect(t('adminCatalogue.cards.season')) : null}
      <label className="admin-check">
        <input type="checkbox" checked={form.useImage} onChange={set('useImage')} />
        {t('adminCatalogue.cards.customImage')}
      </label>
      {form.useImage ? (
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label" id="admin-card-imageUrl-label">
            {t('adminCatalogue.imageUrl')}
          </span>
          <input type="url" value={form.imageUrl} onChange={set('imageUrl')} {...invalid('imageUrl')} />
          {errorUnder('imageUrl')}
        </label>
      ) : null}
    </>
  );

  return (
    <div className="admin-catalogue admin-cards">
      <div className="admin-toolbar">
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.cards.search')}</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.cards.rank')}</span>
          <select value={rankFilter} onChange={(e) => setRankFilter(e.target.value)}>
            <option value="">{t('adminCatalogue.all')}</option>
            {ranks.map((r) => (
              <option key={r.id} value={r.id}>
                {r.code}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.cards.season')}</span>
          <select value={seasonFilter} onChange={(e) => setSeasonFilter(e.target.value)}>
            <option value="">{t('adminCatalogue.all')}</option>
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={limitedOnly} onChange={(e) => setLimitedOnly(e.target.checked)} />
          {t('adminCatalogue.cards.limitedOnly')}
        </label>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setSearch('');
            setRankFilter('');
            setSeasonFilter('');
            setLimitedOnly(false);
          }}
        >
          {t('adminCatalogue.reset')}
        </button>
        <button type="button" className="button button--ghost" onClick={reload}>
          {t('adminCatalogue.refresh')}
        </button>
      </div>

      <section className="admin-cards__cache" aria-label={t('adminCatalogue.cards.cacheTitle')}>
        <h2 className="admin-catalogue__subtitle">{t('adminCatalogue.cards.cacheTitle')}</h2>
        {stats === null ? (
          <p className="admin-loading">
            {loading ? t('adminCatalogue.loading') : t('adminCatalogue.cards.cacheNone')}
          </p>
        ) : (
          <DataTable
            className="admin-table admin-table--compact"
            wrap={false}
            rows={stats}
            rowKey={(n) => n.name}
            columns={[
              { key: 'name', label: t('adminCatalogue.cards.cache.name'), render: (n) => n.name },
              { key: 'keys', label: t('adminCatalogue.cards.cache.keys'), render: (n) => n.keys },
              { key: 'hits', label: t('adminCatalogue.cards.cache.hits'), render: (n) => n.hits },
              { key: 'misses', label: t('adminCatalogue.cards.cache.misses'), render: (n) => n.misses },
              {
                key: 'hitRate',
                label: t('adminCatalogue.cards.cache.hitRate'),
                render: (n) => <>{(n.hitRate <= 1 ? n.hitRate * 100 : n.hitRate).toFixed(1)}%</>,
              },
            ]}
          />
        )}
      </section>

      <fieldset className="admin-cards__modes">
        <legend className="visually-hidden">{t('adminCatalogue.cards.modes')}</legend>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            className={mode === m ? 'button button--primary' : 'button button--ghost'}
            aria-pressed={mode === m}
            onClick={() => toggleMode(m)}
          >
            {t(`adminCatalogue.cards.mode.${m}`)}
          </button>
        ))}
      </fieldset>
      {mode ? (
        <form
          className="admin-catalogue__form"
          onSubmit={submit}
          noValidate
          aria-label={t(`adminCatalogue.cards.mode.${mode}`)}
        >
          {mode === 'single' ? (
            <>
              <label className="admin-field admin-field--grow">
                <span className="admin-field__label" id="admin-card-characterId-label">
                  {t('adminCatalogue.cards.character')}
                </span>
                <input
                  list="admin-card-characters"
                  inputMode="numeric"
                  value={form.characterId}
                  onChange={set('characterId')}
                  {...invalid('characterId')}
                />
                {errorUnder('characterId')}
                <datalist id="admin-card-characters">
                  {characters.slice(0, CHARACTER_SUGGESTIONS).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </datalist>
              </label>
              {rankSelect}
              {limitedFields}
            </>
          ) : null}
          {mode === 'bulk' ? (
            <>
              <label className="admin-field admin-field--grow">
                <span className="admin-field__label" id="admin-card-characterIds-label">
                  {t('adminCatalogue.cards.characterIds')}
                </span>
                <textarea
                  rows={3}
                  value={form.characterIds}
                  onChange={set('characterIds')}
                  {...invalid('characterIds')}
                />
                {errorUnder('characterIds')}
              </label>
              {rankSelect}
              {limitedFields}
            </>
          ) : null}
          {mode === 'anime' ? (
            <>
              <label className="admin-field admin-field--grow">
                <span className="admin-field__label" id="admin-card-animeId-label">
                  {t('adminCatalogue.cards.anime')}
                </span>
                <select value={form.animeId} onChange={set('animeId')} {...invalid('animeId')}>
                  <option value="">{t('adminCatalogue.choose')}</option>
                  {animes.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </select>
                {errorUnder('animeId')}
              </label>
              {rankSelect}
              {seasonSelect(t('adminCatalogue.cards.seasonOptional'))}
            </>
          ) : null}
          {mode === 'all' ? (
            <>
              {rankSelect}
              {seasonSelect(t('adminCatalogue.cards.seasonOptional'))}
            </>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('adminCatalogue.adding') : t('adminCatalogue.cards.submit')}
          </button>
          <p className="admin-error" role={formError && !formError.field ? 'alert' : undefined}>
            {formError && !formError.field ? formError.text : ''}
          </p>
        </form>
      ) : null}

      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.loading')}
        </p>
      ) : null}
      {!loading && shown.length === 0 ? (
        <p className="admin-table__empty">{t('adminCatalogue.empty')}</p>
      ) : null}
      <ul className="admin-cards__grid">
        {shown.map((card) => {
          const saving = rankSaving[card.id] === true;
          const season = card.seasonTitle ?? seasonTitle(card.seasonId);
          return (
            <li key={card.id} className="admin-cards__card" tabIndex={-1}>
              <NearViewport>
                <LoadedImage
                  src={cardImageUrl(card.id)}
                  alt={card.characterName}
                  timeoutMs={CARD_IMAGE_TIMEOUT_MS}
                  width={150}
                  height={210}
                />
              </NearViewport>
              <div className="admin-cards__meta">
                <strong>{card.characterName}</strong>
                <span className="admin-badge">{card.rankCode || rankCode(card.rankId)}</span>
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
                  onChange={(e) => void changeRank(card, Number(e.target.value))}
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
                  onClick={() => void remove(card)}
                >
                  {t('adminCatalogue.delete')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <PageNav
        label={t('adminTable.pagination')}
        page={current}
        pages={pages}
        onPage={setPage}
        words={{ previous: t('adminTable.previous'), next: t('adminTable.next') }}
      >
        <span className="admin-range" aria-live="polite">
          {t('adminCatalogue.cards.pageCaption', { page: current, pages, found: filtered.length })}
        </span>
      </PageNav>
    </div>
  );
}

/** Requirements C9: a card image starts loading once it is within 200 px of the viewport. */
export const CARD_LAZY_MARGIN = '200px';

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
