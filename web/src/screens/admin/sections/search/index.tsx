import type { AnilistAnimeResult, ShikimoriAnimeResult } from '@acg/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnimeExists,
  checkAnimeExists,
  checkFranchiseExists,
  createFranchise,
  type Franchise,
  type FranchiseExists,
  type QuickAdd,
  quickAddAnime,
  readNumber,
  readObject,
  readString,
  searchFranchises,
  serverError,
} from '../../../../api/admin-catalogue';
import { HttpError } from '../../../../api/http';
import { imageSource } from '../../../../api/images';
import { Tabs } from '../../../../components/Tabs';
import { similarityTone } from '../../catalogue/validation';
import { AnimeIndexStatus } from './IndexStatus';
import {
  anilistKey,
  anilistTitle,
  BANNER_MS,
  type Banner,
  type Results,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN,
  SearchFailed,
  SOURCES,
  type Source,
  searchAnime,
  shikimoriKey,
  shikimoriTitle,
  unmatched,
} from './model';

type Tab = 'franchises' | 'anime';

/** Search and add (requirements C2.9). */
export default function SearchSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('franchises');
  const [selected, setSelected] = useState<Franchise | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const switchTab = (next: Tab) => {
    // Requirements C2.9: switching tabs clears search, results, selected franchise, message and check.
    setTab(next);
    setSelected(null);
    setBanner(null);
  };

  return (
    <div className="admin-catalogue admin-search">
      <p className="visually-hidden">{t('adminCatalogue.search.title')}</p>
      {banner ? (
        <p
          className={`admin-banner admin-banner--${banner.tone}`}
          role={banner.tone === 'success' ? 'status' : 'alert'}
        >
          {banner.text}
        </p>
      ) : null}
      <Tabs
        label={t('adminCatalogue.search.title')}
        tabs={[
          { id: 'franchises', title: t('adminCatalogue.search.tabFranchises') },
          { id: 'anime', title: t('adminCatalogue.search.tabAnime') },
        ]}
        selected={tab}
        onSelect={switchTab}
      >
        {tab === 'franchises' ? (
          <FranchisesTab key="franchises" selected={selected} onSelect={setSelected} onBanner={setBanner} />
        ) : (
          <AnimeTab key="anime" selected={selected} onSelect={setSelected} onBanner={setBanner} />
        )}
      </Tabs>
    </div>
  );
}

interface TabProps {
  selected: Franchise | null;
  onSelect: (f: Franchise | null) => void;
  onBanner: (b: Banner | null) => void;
}

/** A debounced, aborting search: runs `run` 300 ms after `text` settles at ≥ 2 characters. */
function useLiveSearch<T>(
  text: string,
  run: (q: string, signal: AbortSignal) => Promise<T>,
  onError: (err: unknown) => void,
) {
  const [result, setResult] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const runRef = useRef(run);
  runRef.current = run;
  const errRef = useRef(onError);
  errRef.current = onError;
  useEffect(() => {
    const q = text.trim();
    if (q.length < SEARCH_MIN) {
      setResult(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      runRef
        .current(q, controller.signal)
        .then((r) => {
          if (!controller.signal.aborted) setResult(r);
        })
        .catch((err: unknown) => {
          // Aborted requests are ignored silently.
          if (!controller.signal.aborted) errRef.current(err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return { result, loading, clear: () => setResult(null) };
}

function FranchisesTab({ selected, onSelect, onBanner }: TabProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useLiveSearch(
    text,
    async (q, signal) => {
      setError(null);
      return searchFranchises(q, signal);
    },
    () => setError(t('adminCatalogue.search.searchError')),
  );
  const [title, setTitle] = useState('');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const check = useLiveSearch<FranchiseExists>(
    title,
    (q, signal) => checkFranchiseExists(q, signal),
    (err) => console.error('franchise check', err),
  );
  const exists = title.trim().length >= SEARCH_MIN && check.result?.exists === true;

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setFormError(t('adminCatalogue.search.enterFranchise'));
    setFormError(null);
    if (exists && check.result?.exactMatch) {
      onBanner({
        tone: 'warning',
        text: t('adminCatalogue.validation.franchiseExists', { title: check.result.exactMatch.title }),
      });
      onSelect(check.result.exactMatch);
      return;
    }
    setCreating(true);
    try {
      const created = await createFranchise(trimmed);
      onSelect(created);
      setTitle('');
      onBanner({
        tone: 'success',
        text: t('adminCatalogue.search.franchiseCreated', { title: created.title }),
      });
    } catch (err) {
      // Created meanwhile by someone else: the spec's warning, and the existing one is selected.
      if (err instanceof HttpError && err.status === 409) {
        const found = await checkFranchiseExists(trimmed).catch(() => null);
        const match = found?.exactMatch ?? null;
        onBanner({
          tone: 'warning',
          text: t('adminCatalogue.validation.franchiseExists', { title: match?.title ?? trimmed }),
        });
        if (match) onSelect(match);
        return;
      }
      const message = err instanceof HttpError ? serverError(err.body) : undefined;
      onBanner({ tone: 'error', text: message ?? t('adminCatalogue.search.franchiseCreateError') });
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="admin-search__tab">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.franchiseSearch')}</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('adminCatalogue.search.minChars')}
        />
      </label>
      {search.loading ? <p className="admin-loading">{t('adminCatalogue.loading')}</p> : null}
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {search.result ? (
        search.result.length === 0 ? (
          <p className="admin-table__empty">{t('adminCatalogue.search.nothingFound')}</p>
        ) : (
          <ul className="admin-search__list">
            {search.result.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className="admin-link"
                  aria-pressed={selected?.id === f.id}
                  onClick={() => onSelect(f)}
                >
                  {f.title} <span className="admin-mono">ID {f.id}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <form
        className="admin-catalogue__form"
        onSubmit={create}
        noValidate
        aria-label={t('adminCatalogue.search.newFranchise')}
      >
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.search.newFranchise')}</span>
          <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={exists || creating || !title.trim()}
        >
          {creating
            ? t('adminCatalogue.search.creating')
            : exists
              ? t('adminCatalogue.search.alreadyExists')
              : t('adminCatalogue.search.create')}
        </button>
        {formError ? (
          <p className="admin-error" role="alert">
            {formError}
          </p>
        ) : null}
        {exists && check.result?.exactMatch ? (
          <p className="admin-warning">
            {t('adminCatalogue.validation.franchiseExists', { title: check.result.exactMatch.title })}
          </p>
        ) : null}
        {check.result && check.result.similar.length > 0 && title.trim().length >= SEARCH_MIN ? (
          <p className="admin-field__hint">
            {t('adminCatalogue.search.similar', {
              titles: check.result.similar.map((f) => f.title).join(', '),
            })}
          </p>
        ) : null}
      </form>
      {selected ? (
        <p className="admin-search__selected" role="status">
          {t('adminCatalogue.search.selectedFranchise', { title: selected.title })}
        </p>
      ) : null}
    </div>
  );
}

type Existence = Record<string, AnimeExists>;

function AnimeTab({ selected, onSelect, onBanner }: TabProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('combined');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [existence, setExistence] = useState<Existence>({});
  const [adding, setAdding] = useState<string | null>(null);
  const [autoCreate, setAutoCreate] = useState(true);
  const [pickText, setPickText] = useState('');
  const pick = useLiveSearch(
    pickText,
    (q, signal) => searchFranchises(q, signal).catch(() => [] as Franchise[]),
    () => undefined,
  );

  const run = useCallback(
    async (q: string, signal: AbortSignal): Promise<Results> => {
      setError(null);
      const results = await searchAnime(source, q, signal);
      setExistence({});
      void checkAll(results, signal).then((e) => {
        if (!signal.aborted) setExistence(e);
      });
      return results;
    },
    [source],
  );
  const search = useLiveSearch(text, run, (err) =>
    setError(
      err instanceof SearchFailed
        ? t('adminCatalogue.search.searchError')
        : t('adminCatalogue.search.searchError'),
    ),
  );
  // Below 2 characters the existence checks are cleared too.
  useEffect(() => {
    if (text.trim().length < SEARCH_MIN) setExistence({});
  }, [text]);

  const changeSource = (next: Source) => {
    setSource(next);
    setText('');
    setExistence({});
    search.clear();
  };

  const add = async (
    key: string,
    body: Omit<QuickAdd, 'franchiseId' | 'createFranchise'>,
    existsKeys: string[],
  ) => {
    setAdding(key);
    try {
      const result = await quickAddAnime({
        franchiseId: selected?.id ?? null,
        createFranchise: autoCreate && !selected,
        ...body,
      });
      if (result.ok) {
        const anime = readObject(readObject(result.body).anime ?? result.body);
        onBanner({
          tone: 'success',
          text: t('adminCatalogue.search.animeAdded', { title: readString(anime.title) ?? body.title ?? '' }),
        });
        setText('');
        setExistence({});
        search.clear();
      } else if (result.status === 409) {
        const existing = readObject(readObject(readObject(result.body).details).anime);
        const id = readNumber(existing.id);
        onBanner({
          tone: 'warning',
          text:
            id !== null
              ? t('adminCatalogue.search.animeExistsId', { title: readString(existing.title) ?? '', id })
              : t('adminCatalogue.search.animeExistsPlain'),
        });
        // The buttons of this result turn into 'already added'.
        const known: AnimeExists = {
          exists: true,
          exactMatch:
            id !== null ? { id, title: readString(existing.title) ?? '', franchiseTitle: null } : null,
        };
        setExistence((e) => ({ ...e, ...Object.fromEntries(existsKeys.map((k) => [k, known])) }));
      } else {
        onBanner({
          tone: 'error',
          text: serverError(result.body) ?? t('adminCatalogue.search.animeAddError'),
        });
      }
    } catch (err) {
      onBanner({
        tone: 'error',
        text: err instanceof Error && err.message ? err.message : t('adminCatalogue.search.animeAddError'),
      });
    } finally {
      setAdding(null);
    }
  };

  const existsNote = (key: string) => {
    const e = existence[key];
    if (!e?.exists) return null;
    return (
      <p className="admin-search__exists">
        {e.exactMatch?.franchiseTitle
          ? t('adminCatalogue.search.inDatabaseFranchise', { franchise: e.exactMatch.franchiseTitle })
          : t('adminCatalogue.search.inDatabase')}
      </p>
    );
  };
  const addButton = (
    key: string,
    label: string,
    body: Omit<QuickAdd, 'franchiseId' | 'createFranchise'>,
    existsKeys: string[],
  ) => {
    const exists = existsKeys.some((k) => existence[k]?.exists);
    const busy = adding === key;
    return (
      <button
        key={key + label}
        type="button"
        className="button button--primary"
        disabled={exists || adding !== null}
        onClick={() => {
          const hit = existsKeys.map((k) => existence[k]).find((e) => e?.exists);
          if (hit) {
            onBanner({
              tone: 'warning',
              text: t('adminCatalogue.search.animeExists', {
                title: hit.exactMatch?.title ?? body.title ?? '',
              }),
            });
            return;
          }
          void add(key, body, existsKeys);
        }}
      >
        {exists ? t('adminCatalogue.search.added') : busy ? t('adminCatalogue.search.adding') : label}
      </button>
    );
  };

  const shikimoriCard = (s: ShikimoriAnimeResult) => (
    <li key={`s${s.id}`} className="admin-search__card">
      {s.poster ? (
        <img src={imageSource(s.poster) ?? undefined} alt="" loading="lazy" width={80} height={112} />
      ) : null}
      <div>
        <strong>{shikimoriTitle(s)}</strong>
        <span className="admin-search__sub">
          {[s.name, s.english].filter((x) => x && x !== shikimoriTitle(s)).join(' · ')}
        </span>
        <span className="admin-search__sub">
          Shikimori {s.id} ·{' '}
          {t('adminCatalogue.search.facts', {
            episodes: s.episodes ?? '?',
            status: s.status ?? '?',
            year: s.airedOn.year ?? '?',
          })}
        </span>
        {existsNote(shikimoriKey(s.id))}
        {addButton(
          shikimoriKey(s.id),
          t('adminCatalogue.search.addAnime'),
          { shikimoriId: s.id, title: shikimoriTitle(s) },
          [shikimoriKey(s.id)],
        )}
      </div>
    </li>
  );
  const anilistCard = (a: AnilistAnimeResult) => (
    <li key={`a${a.id}`} className="admin-search__card">
      {a.coverImage.medium || a.coverImage.large ? (
        <img
          src={imageSource(a.coverImage.medium ?? a.coverImage.large) ?? undefined}
          alt=""
          loading="lazy"
          width={80}
          height={112}
        />
      ) : null}
      <div>
        <strong>{anilistTitle(a)}</strong>
        <span className="admin-search__sub">
          {[a.title.romaji, a.title.native].filter((x) => x && x !== anilistTitle(a)).join(' · ')}
        </span>
        <span className="admin-search__sub">
          AniList {a.id} ·{' '}
          {t('adminCatalogue.search.facts', {
            episodes: a.episodes ?? '?',
            status: a.status ?? '?',
            year: a.startDate.year ?? '?',
          })}
          {a.averageScore !== null ? ` · ${t('adminCatalogue.search.score', { score: a.averageScore })}` : ''}
        </span>
        {existsNote(anilistKey(a.id))}
        {addButton(
          anilistKey(a.id),
          t('adminCatalogue.search.addAnime'),
          { anilistId: a.id, title: anilistTitle(a) },
          [anilistKey(a.id)],
        )}
      </div>
    </li>
  );

  const results = search.result;
  const rest = results?.source === 'combined' ? unmatched(results.answer) : null;
  const empty =
    results &&
    (results.source === 'combined'
      ? results.answer.matches.length + results.answer.shikimori.length + results.answer.anilist.length === 0
      : results.list.length === 0);

  return (
    <div className="admin-search__tab">
      <fieldset className="admin-search__sources">
        <legend>{t('adminCatalogue.search.source')}</legend>
        {SOURCES.map((s) => (
          <label key={s} className="admin-check">
            <input
              type="radio"
              name="admin-search-source"
              checked={source === s}
              onChange={() => changeSource(s)}
            />
            {t(`adminCatalogue.search.sources.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="admin-search__picker">
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.search.franchisePicker')}</span>
          <input type="search" value={pickText} onChange={(e) => setPickText(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={!selected}
          onClick={() => onSelect(null)}
        >
          {t('adminCatalogue.search.resetFranchise')}
        </button>
        {pick.result && pick.result.length > 0 ? (
          <ul className="admin-search__list">
            {pick.result.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className="admin-link"
                  onClick={() => {
                    onSelect(f);
                    setPickText('');
                  }}
                >
                  {f.title}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {selected ? (
        <p className="admin-search__selected" role="status">
          {t('adminCatalogue.search.willJoin', { title: selected.title })}
        </p>
      ) : null}
      <label className="admin-check">
        <input type="checkbox" checked={autoCreate} onChange={(e) => setAutoCreate(e.target.checked)} />
        {t('adminCatalogue.search.autoCreate')}
      </label>
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.animeSearch')}</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('adminCatalogue.search.placeholder', {
            source: t(`adminCatalogue.search.sources.${source}`),
          })}
        />
      </label>
      {search.loading ? <p className="admin-loading">{t('adminCatalogue.loading')}</p> : null}
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {empty ? <p className="admin-table__empty">{t('adminCatalogue.search.nothingFound')}</p> : null}
      {results?.source === 'combined' ? (
        <>
          <ul className="admin-search__results">
            {results.answer.matches.map((m) => {
              const key = `m${m.shikimori.id}-${m.anilist.id}`;
              const keys: [string, string] = [shikimoriKey(m.shikimori.id), anilistKey(m.anilist.id)];
              const cover = m.anilist.coverImage.medium ?? m.anilist.coverImage.large ?? m.shikimori.poster;
              return (
                <li key={key} className="admin-search__card">
                  {cover ? (
                    <img
                      src={imageSource(cover) ?? undefined}
                      alt=""
                      loading="lazy"
                      width={80}
                      height={112}
                    />
                  ) : null}
                  <div>
                    <strong>{m.bestTitle}</strong>{' '}
                    <span className={`admin-similarity admin-similarity--${similarityTone(m.similarity)}`}>
                      {t('adminCatalogue.search.similarity', { percent: m.similarity })}
                    </span>
                    <span className="admin-search__sub">
                      Shikimori {m.shikimori.id}: {shikimoriTitle(m.shikimori)} · AniList {m.anilist.id}:{' '}
                      {anilistTitle(m.anilist)}
                    </span>
                    <span className="admin-search__sub">
                      {t('adminCatalogue.search.facts', {
                        episodes: m.shikimori.episodes ?? m.anilist.episodes ?? '?',
                        status: m.shikimori.status ?? m.anilist.status ?? '?',
                        year: m.shikimori.airedOn.year ?? m.anilist.startDate.year ?? '?',
                      })}
                      {m.anilist.averageScore !== null
                        ? ` · ${t('adminCatalogue.search.score', { score: m.anilist.averageScore })}`
                        : ''}
                    </span>
                    {existsNote(keys[0]) ?? existsNote(keys[1])}
                    <div className="admin-table__actions">
                      {addButton(
                        `${key}-both`,
                        t('adminCatalogue.search.addBoth'),
                        { shikimoriId: m.shikimori.id, anilistId: m.anilist.id, title: m.bestTitle },
                        keys,
                      )}
                      {addButton(
                        `${key}-s`,
                        t('adminCatalogue.search.addShikimori'),
                        { shikimoriId: m.shikimori.id, title: shikimoriTitle(m.shikimori) },
                        keys,
                      )}
                      {addButton(
                        `${key}-a`,
                        t('adminCatalogue.search.addAnilist'),
                        { anilistId: m.anilist.id, title: anilistTitle(m.anilist) },
                        keys,
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          {rest && rest.shikimori.length + rest.anilist.length > 0 ? (
            <>
              <h3 className="admin-catalogue__subtitle">{t('adminCatalogue.search.unmatched')}</h3>
              <ul className="admin-search__results">
                {rest.shikimori.map(shikimoriCard)}
                {rest.anilist.map(anilistCard)}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      {results?.source === 'shikimori' ? (
        <ul className="admin-search__results">{results.list.map(shikimoriCard)}</ul>
      ) : null}
      {results?.source === 'anilist' ? (
        <ul className="admin-search__results">{results.list.map(anilistCard)}</ul>
      ) : null}
      <aside className="admin-search__help">
        <h3 className="admin-catalogue__subtitle">{t('adminCatalogue.search.helpTitle')}</h3>
        <ol>
          <li>{t('adminCatalogue.search.help1')}</li>
          <li>{t('adminCatalogue.search.help2')}</li>
          <li>{t('adminCatalogue.search.help3')}</li>
        </ol>
      </aside>
      <AnimeIndexStatus />
    </div>
  );
}

/** The existence of every result (requirements C8: a failed check counts as not existing). */
async function checkAll(results: Results, signal: AbortSignal): Promise<Existence> {
  const jobs: [string, Promise<AnimeExists>][] = [];
  const none: AnimeExists = { exists: false, exactMatch: null };
  const safe = (p: Promise<AnimeExists>) =>
    p.catch((err: unknown) => {
      if (!signal.aborted) console.error('anime check', err);
      return none;
    });
  const shiki = (s: ShikimoriAnimeResult) =>
    jobs.push([shikimoriKey(s.id), safe(checkAnimeExists({ shikimoriId: s.id }, signal))]);
  const ani = (a: AnilistAnimeResult) =>
    jobs.push([anilistKey(a.id), safe(checkAnimeExists({ title: anilistTitle(a) }, signal))]);
  if (results.source === 'combined') {
    results.answer.shikimori.forEach(shiki);
    results.answer.anilist.forEach(ani);
  } else if (results.source === 'shikimori') results.list.forEach(shiki);
  else results.list.forEach(ani);
  const out: Existence = {};
  for (const [key, p] of jobs) out[key] = await p;
  return out;
}
