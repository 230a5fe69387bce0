import type { ImportMatch } from '@acg/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Anime, fetchAnimes } from '../../../../api/admin-catalogue';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { useNotify } from '../../../../components/Notify';
import { say } from '../../catalogue/say';
import {
  type AnilistCharacter,
  anilistNames,
  autoMatch,
  batches,
  characterSimilarity,
  importItem,
  type ShikimoriCharacter,
  shikimoriNames,
} from '../../catalogue/similarity';
import type { Message } from '../../catalogue/validation';
import { headerCheck, pageCount, pageSlice, shownRange } from '../../table/model';
import { PageNav, pageWords, TriCheckbox } from '../../table/parts';
import { anilistCharacterUrl, shikimoriCharacterUrl } from '../characters';
import {
  type BatchReport,
  IMPORT_BATCH_SIZE,
  IMPORT_CONFIRM_ABOVE,
  IMPORT_PAGE_SIZE,
  importBatch,
  loadAnilist,
  loadMatches,
  loadShikimori,
  lookupShikimori,
  optionsFor,
} from './model';

interface Progress {
  done: number;
  total: number;
}

/** Character import (requirements C2.8, C4, C5, C8). */
export default function ImportSection() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const notify = useNotify();
  const [animes, setAnimes] = useState<Anime[]>([]);
  const [animeId, setAnimeId] = useState('');
  const [anilist, setAnilist] = useState<AnilistCharacter[]>([]);
  const [options, setOptions] = useState<ShikimoriCharacter[]>([]);
  const [chosen, setChosen] = useState<Map<number, number | null>>(new Map());
  // The catalogue characters the rows already are (issue 28), and the rows to create anyway.
  const [matches, setMatches] = useState<Map<number, ImportMatch>>(new Map());
  const [unlinked, setUnlinked] = useState<Set<number>>(new Set());
  const [matchError, setMatchError] = useState<string | null>(null);
  const [imported, setImported] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [manual, setManual] = useState<Record<number, string>>({});
  const [lookingUp, setLookingUp] = useState<number | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [report, setReport] = useState<BatchReport | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    fetchAnimes()
      .then(setAnimes)
      .catch((err: unknown) => console.error('import anime list', err));
  }, []);

  const anime = animes.find((a) => String(a.id) === animeId) ?? null;

  const choose = async (id: string) => {
    // Selection and matches reset on anime change; back to page 1.
    setAnimeId(id);
    setAnilist([]);
    setOptions([]);
    setChosen(new Map());
    setSelected(new Set());
    setManual({});
    setMatches(new Map());
    setUnlinked(new Set());
    setMatchError(null);
    setImported(new Set());
    setPage(1);
    setError(null);
    setReport(null);
    setProgress(null);
    const picked = animes.find((a) => String(a.id) === id);
    if (!picked) return;
    if (picked.shikimoriId === null || !Number.isInteger(picked.shikimoriId)) {
      notify.error(t('adminCatalogue.import.badShikimoriId'));
      return;
    }
    setLoading(true);
    try {
      let first: AnilistCharacter[] = [];
      if (picked.anilistId !== null) {
        const a = await loadAnilist(picked.anilistId);
        if (!a.ok) {
          setError(a.message);
          return;
        }
        first = a.value;
      }
      setAnilist(first);
      const s = await loadShikimori(picked.shikimoriId);
      if (!s.ok) {
        setError(s.message);
        return;
      }
      setOptions(s.value);
      const auto = autoMatch(first, s.value);
      const byId = new Map(s.value.map((o) => [o.shikimoriId, o]));
      const found = await loadMatches(picked.id, first, (id) => {
        const sid = auto.get(id)?.shikimoriId;
        return sid === undefined ? undefined : byId.get(sid);
      });
      if (found.ok) setMatches(found.value);
      else setMatchError(loadErrorText(t, found.error));
      const known = found.ok ? found.value : new Map<number, ImportMatch>();
      setChosen(new Map(first.map((c) => [c.anilistId, auto.get(c.anilistId)?.shikimoriId ?? null])));
      // An automatic match pre-selects the character (unless it already exists).
      setSelected(new Set([...auto.keys()].filter((id) => known.get(id)?.by !== 'anilistId')));
    } finally {
      setLoading(false);
    }
  };

  // A row whose AniList id the catalogue holds already is there: it is not imported again.
  const exists = (id: number) => imported.has(id) || matches.get(id)?.by === 'anilistId';
  const selectable = anilist.filter((c) => !exists(c.anilistId));
  const pages = pageCount(anilist.length, IMPORT_PAGE_SIZE);
  const rows = pageSlice(anilist, Math.min(page, pages), IMPORT_PAGE_SIZE);
  const pageIds = rows.filter((c) => !exists(c.anilistId)).map((c) => c.anilistId);
  const optionById = useMemo(() => new Map(options.map((o) => [o.shikimoriId, o])), [options]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((s) => {
      const next = new Set(s);
      const all = headerCheck(pageIds, s) === 'all';
      for (const id of pageIds) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const selectAll = async () => {
    if (
      selectable.length > IMPORT_CONFIRM_ABOVE &&
      !(await ask({ message: t('adminCatalogue.import.confirmAll', { n: selectable.length }) }))
    )
      return;
    setSelected(new Set(selectable.map((c) => c.anilistId)));
  };
  const setMatch = (row: number, shikimoriId: number | null) =>
    setChosen((m) => {
      const next = new Map(m);
      next.set(row, shikimoriId);
      return next;
    });

  /** The existing character a row links to: its match, unless the admin chose to create a new one. */
  const linkOf = (row: number) => {
    const m = matches.get(row);
    return m && m.by !== 'anilistId' && !unlinked.has(row) ? m : undefined;
  };
  const toggleLink = (row: number) =>
    setUnlinked((s) => {
      const next = new Set(s);
      if (next.has(row)) next.delete(row);
      else next.add(row);
      return next;
    });

  const lookup = async (row: number) => {
    const id = Number(manual[row]);
    if (!Number.isInteger(id) || id <= 0) return notify.error(t('adminCatalogue.import.notFound'));
    setLookingUp(row);
    try {
      const found = await lookupShikimori(id);
      if (!found.ok) return notify.error(say(t, found.message));
      setOptions((o) => (o.some((x) => x.shikimoriId === found.value.shikimoriId) ? o : [...o, found.value]));
      setMatch(row, found.value.shikimoriId);
      setSelected((s) => new Set(s).add(row));
      setManual(({ [row]: _, ...rest }) => rest);
    } finally {
      setLookingUp(null);
    }
  };

  const runImport = async () => {
    if (!anime) return;
    const items = anilist
      .filter((c) => selected.has(c.anilistId) && !exists(c.anilistId))
      .map((c) => {
        const s = chosen.get(c.anilistId);
        const item = importItem(c, s ? optionById.get(s) : undefined);
        const link = linkOf(c.anilistId);
        return link ? { ...item, linkTo: link.character.id } : item;
      });
    const chunks = batches(items, IMPORT_BATCH_SIZE);
    const result: BatchReport = { created: 0, updated: 0, conflicts: 0, errors: [] };
    setImporting(true);
    setReport(null);
    setProgress({ done: 0, total: chunks.length });
    // Remaining batches continue after a failure (requirements C8).
    for (const [i, chunk] of chunks.entries()) {
      await importBatch(i + 1, chunk, anime.id, result);
      setProgress({ done: i + 1, total: chunks.length });
    }
    setReport(result);
    setImporting(false);
    if (result.errors.length === 0) {
      setImported((done) => new Set([...done, ...items.map((x) => x.anilistId)]));
      setSelected(new Set());
    }
  };

  const pager = (where: 'top' | 'bottom') => {
    const current = Math.min(page, pages);
    const range = shownRange(current, IMPORT_PAGE_SIZE, anilist.length);
    return (
      <PageNav
        label={t(`adminCatalogue.import.pager.${where}`)}
        page={current}
        pages={pages}
        onPage={setPage}
        words={pageWords(t, 'adminTable')}
        after={
          <span className="admin-range">
            {t('adminCatalogue.import.shown', { shown: rows.length, total: range.total })}
          </span>
        }
      >
        <span>{t('adminCatalogue.import.pageN', { page: current, pages })}</span>
      </PageNav>
    );
  };

  return (
    <div className="admin-catalogue admin-import">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.import.anime')}</span>
        <select value={animeId} onChange={(e) => void choose(e.target.value)} disabled={loading || importing}>
          <option value="">{t('adminCatalogue.choose')}</option>
          {animes.map((a) => (
            <option key={a.id} value={a.id}>
              {t('adminCatalogue.import.animeOption', { title: a.title, id: a.shikimoriId ?? '-' })}
            </option>
          ))}
        </select>
      </label>
      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.import.loading')}
        </p>
      ) : null}
      {error ? (
        <p className="admin-error" role="alert">
          {say(t, error)}
        </p>
      ) : null}
      {matchError ? (
        <p className="admin-warning" role="alert">
          {t('adminCatalogue.import.matchesFailed', { error: matchError })}
        </p>
      ) : null}
      {anime && !loading && !error && anilist.length === 0 ? (
        <p className="admin-table__empty">{t('adminCatalogue.import.none')}</p>
      ) : null}
      {anilist.length > 0 ? (
        <>
          <div className="admin-toolbar">
            <button type="button" className="button button--ghost" onClick={selectAll} disabled={importing}>
              {t('adminCatalogue.import.selectAll', { n: selectable.length })}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setSelected(new Set())}
              disabled={importing}
            >
              {t('adminCatalogue.import.clear')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={loading || importing || selected.size === 0}
              onClick={() => void runImport()}
            >
              {t('adminCatalogue.import.run', { n: selected.size })}
            </button>
          </div>
          {selected.size > IMPORT_CONFIRM_ABOVE ? (
            <p className="admin-warning" role="status">
              {t('adminCatalogue.import.manyWarning', { n: selected.size, batch: IMPORT_BATCH_SIZE })}
            </p>
          ) : null}
          {progress ? (
            <div className="admin-import__progress">
              <progress
                max={progress.total}
                value={progress.done}
                aria-label={t('adminCatalogue.import.progress')}
              />
              <span>
                {t('adminCatalogue.import.batches', { done: progress.done, total: progress.total })}
              </span>
            </div>
          ) : null}
          {report ? (
            report.errors.length === 0 ? (
              <div className="admin-banner admin-banner--success" role="status">
                {t('adminCatalogue.import.success', {
                  created: report.created,
                  updated: report.updated,
                  conflicts: report.conflicts,
                })}
              </div>
            ) : (
              <div className="admin-banner admin-banner--error" role="alert">
                <p>
                  {t('adminCatalogue.import.failed', { created: report.created, updated: report.updated })}
                </p>
                <ul>
                  {report.errors.map((m, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
                    <li key={i}>{say(t, m)}</li>
                  ))}
                </ul>
              </div>
            )
          ) : null}
          {pager('top')}
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--selectable admin-import__table">
              <thead>
                <tr>
                  <th scope="col" data-label={t('adminTable.selectPage')}>
                    <TriCheckbox
                      state={headerCheck(pageIds, selected)}
                      label={t('adminTable.selectPage')}
                      onChange={togglePage}
                    />
                  </th>
                  <th scope="col">{t('adminCatalogue.import.cols.anilistId')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.name')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.alt')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.shikimoriId')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.matched')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.matchedAlt')}</th>
                  <th scope="col">{t('adminCatalogue.import.cols.percent')}</th>
                  <th scope="col">{t('adminCatalogue.links')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => {
                  const there = exists(c.anilistId);
                  const found = matches.get(c.anilistId);
                  const sid = chosen.get(c.anilistId) ?? null;
                  const match = sid !== null ? optionById.get(sid) : undefined;
                  const score = match ? characterSimilarity(c, match) : null;
                  return (
                    <tr key={c.anilistId} className={there ? 'admin-row--disabled' : undefined}>
                      <td data-label={t('adminCatalogue.select')}>
                        <input
                          type="checkbox"
                          aria-label={t('adminCatalogue.selectRow', { name: c.name })}
                          disabled={there || importing}
                          checked={!there && selected.has(c.anilistId)}
                          onChange={() => toggle(c.anilistId)}
                        />
                        {there ? (
                          <span className="admin-badge">{t('adminCatalogue.import.exists')}</span>
                        ) : null}
                      </td>
                      <td data-label={t('adminCatalogue.import.cols.anilistId')}>{c.anilistId}</td>
                      <td data-label={t('adminCatalogue.import.cols.name')}>
                        {c.name}
                        {/* Beyond the spec (issue 28): the catalogue character this row already is. */}
                        {found && !there ? (
                          <label className="admin-import__link">
                            <input
                              type="checkbox"
                              checked={!unlinked.has(c.anilistId)}
                              disabled={importing}
                              onChange={() => toggleLink(c.anilistId)}
                            />
                            <span>
                              {t('adminCatalogue.import.linkTo', {
                                name: found.character.name,
                                id: found.character.id,
                                score: found.score,
                              })}
                              {found.inAnime ? null : (
                                <span className="admin-muted">
                                  {' '}
                                  ({t('adminCatalogue.import.linkElsewhere')})
                                </span>
                              )}
                            </span>
                          </label>
                        ) : null}
                      </td>
                      <td data-label={t('adminCatalogue.import.cols.alt')}>
                        {anilistNames(c)
                          .filter((n) => n !== c.name)
                          .concat(c.native ? [c.native] : [])
                          .join(', ')}
                      </td>
                      <td data-label={t('adminCatalogue.import.cols.shikimoriId')}>
                        <select
                          aria-label={t('adminCatalogue.import.pick', { name: c.name })}
                          value={sid ?? ''}
                          disabled={there || importing}
                          onChange={(e) =>
                            setMatch(c.anilistId, e.target.value ? Number(e.target.value) : null)
                          }
                        >
                          <option value="">{t('adminCatalogue.none')}</option>
                          {optionsFor(c.anilistId, options, chosen).map((o) => (
                            <option key={o.shikimoriId} value={o.shikimoriId}>
                              {o.shikimoriId} — {o.name}
                            </option>
                          ))}
                        </select>
                        <span className="admin-import__manual">
                          <input
                            inputMode="numeric"
                            aria-label={t('adminCatalogue.import.manual', { name: c.name })}
                            value={manual[c.anilistId] ?? ''}
                            disabled={there}
                            onChange={(e) => setManual((m) => ({ ...m, [c.anilistId]: e.target.value }))}
                          />
                          <button
                            type="button"
                            className="button button--ghost"
                            disabled={!manual[c.anilistId]?.trim() || lookingUp !== null}
                            onClick={() => void lookup(c.anilistId)}
                          >
                            {t('adminCatalogue.import.ok')}
                          </button>
                        </span>
                      </td>
                      <td data-label={t('adminCatalogue.import.cols.matched')}>{match?.name ?? '-'}</td>
                      <td data-label={t('adminCatalogue.import.cols.matchedAlt')}>
                        {match
                          ? shikimoriNames(match)
                              .filter((n) => n !== match.name)
                              .concat(match.japanese ? [match.japanese] : [])
                              .join(', ')
                          : '-'}
                      </td>
                      <td data-label={t('adminCatalogue.import.cols.percent')}>
                        {score !== null ? `${Math.round(score * 100)}%` : '-'}
                      </td>
                      <td data-label={t('adminCatalogue.links')}>
                        <span className="admin-catalogue__links">
                          <a href={anilistCharacterUrl(c.anilistId)} target="_blank" rel="noreferrer">
                            AniList
                          </a>
                          {sid !== null ? (
                            <a href={shikimoriCharacterUrl(sid)} target="_blank" rel="noreferrer">
                              Shikimori
                            </a>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pager('bottom')}
        </>
      ) : null}
    </div>
  );
}
