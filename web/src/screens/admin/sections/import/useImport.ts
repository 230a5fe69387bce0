import type { ImportMatch } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Anime, fetchAnimes } from '../../../../api/admin-catalogue';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { type Notify, useNotify } from '../../../../components/Notify';
import { say } from '../../catalogue/say';
import {
  type AnilistCharacter,
  autoMatch,
  batches,
  importItem,
  type ShikimoriCharacter,
} from '../../catalogue/similarity';
import type { Message } from '../../catalogue/validation';
import { headerCheck, pageCount, pageSlice } from '../../table/model';
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
} from './model';

export interface Progress {
  done: number;
  total: number;
}

/** The chosen anime's AniList characters, the Shikimori ones to match them with, and the matches. */
function useSource() {
  const [animes, setAnimes] = useState<Anime[]>([]);
  const [animeId, setAnimeId] = useState('');
  const [anilist, setAnilist] = useState<AnilistCharacter[]>([]);
  const [options, setOptions] = useState<ShikimoriCharacter[]>([]);
  const [chosen, setChosen] = useState<Map<number, number | null>>(new Map());
  // The catalogue characters the rows already are (issue 28).
  const [matches, setMatches] = useState<Map<number, ImportMatch>>(new Map());
  const [matchError, setMatchError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  useEffect(() => {
    fetchAnimes()
      .then(setAnimes)
      .catch((err: unknown) => console.error('import anime list', err));
  }, []);
  return {
    ...{ animes, animeId, setAnimeId, anilist, setAnilist, options, setOptions, chosen, setChosen },
    ...{ matches, setMatches, matchError, setMatchError, loading, setLoading, error, setError },
  };
}
type Source = ReturnType<typeof useSource>;

/** The admin's choices on the rows: selection, page, links not wanted, manual ids; and the import's run. */
function useChoices() {
  // The rows to create anyway although they match a catalogue character.
  const [unlinked, setUnlinked] = useState<Set<number>>(new Set());
  const [imported, setImported] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(1);
  const [manual, setManual] = useState<Record<number, string>>({});
  const [lookingUp, setLookingUp] = useState<number | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [report, setReport] = useState<BatchReport | null>(null);
  const [importing, setImporting] = useState(false);
  return {
    ...{ unlinked, setUnlinked, imported, setImported, selected, setSelected, page, setPage },
    ...{ manual, setManual, lookingUp, setLookingUp, progress, setProgress, report, setReport },
    ...{ importing, setImporting },
  };
}
type Choices = ReturnType<typeof useChoices>;

/** A set with the id added, or removed when it was there. */
const toggled = (s: Set<number>, id: number) => {
  const next = new Set(s);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** The selection with the page's ids removed when all were selected, else added. */
const toggledPage = (s: Set<number>, pageIds: readonly number[]) => {
  const next = new Set(s);
  const all = headerCheck(pageIds, s) === 'all';
  for (const id of pageIds) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
};

/** Loads the anime's characters from AniList and Shikimori, matches them and pre-selects the matched. */
async function loadCharacters(
  t: TFunction,
  picked: Anime & { shikimoriId: number },
  src: Source,
  ch: Choices,
) {
  let first: AnilistCharacter[] = [];
  if (picked.anilistId !== null) {
    const a = await loadAnilist(picked.anilistId);
    if (!a.ok) {
      src.setError(a.message);
      return;
    }
    first = a.value;
  }
  src.setAnilist(first);
  const s = await loadShikimori(picked.shikimoriId);
  if (!s.ok) {
    src.setError(s.message);
    return;
  }
  src.setOptions(s.value);
  const auto = autoMatch(first, s.value);
  const byId = new Map(s.value.map((o) => [o.shikimoriId, o]));
  const found = await loadMatches(picked.id, first, (id) => {
    const sid = auto.get(id)?.shikimoriId;
    return sid === undefined ? undefined : byId.get(sid);
  });
  if (found.ok) src.setMatches(found.value);
  else src.setMatchError(loadErrorText(t, found.error));
  const known = found.ok ? found.value : new Map<number, ImportMatch>();
  src.setChosen(new Map(first.map((c) => [c.anilistId, auto.get(c.anilistId)?.shikimoriId ?? null])));
  // An automatic match pre-selects the character (unless it already exists).
  ch.setSelected(new Set([...auto.keys()].filter((id) => known.get(id)?.by !== 'anilistId')));
}

/** Selection and matches reset on anime change; back to page 1. */
function resetFor(id: string, src: Source, ch: Choices) {
  src.setAnimeId(id);
  src.setAnilist([]);
  src.setOptions([]);
  src.setChosen(new Map());
  ch.setSelected(new Set());
  ch.setManual({});
  src.setMatches(new Map());
  ch.setUnlinked(new Set());
  src.setMatchError(null);
  ch.setImported(new Set());
  ch.setPage(1);
  src.setError(null);
  ch.setReport(null);
  ch.setProgress(null);
}

/** Imports the selected rows in batches; the remaining batches continue after a failure (requirements C8). */
async function importRows(animeId: number, items: ReturnType<typeof importItem>[], ch: Choices) {
  const chunks = batches(items, IMPORT_BATCH_SIZE);
  const result: BatchReport = { created: 0, updated: 0, conflicts: 0, errors: [] };
  ch.setImporting(true);
  ch.setReport(null);
  ch.setProgress({ done: 0, total: chunks.length });
  for (const [i, chunk] of chunks.entries()) {
    await importBatch(i + 1, chunk, animeId, result);
    ch.setProgress({ done: i + 1, total: chunks.length });
  }
  ch.setReport(result);
  ch.setImporting(false);
  if (result.errors.length === 0) {
    ch.setImported((done) => new Set([...done, ...items.map((x) => x.anilistId)]));
    ch.setSelected(new Set());
  }
}

/** Matches a row with a Shikimori character (none: null). */
const matchRow = (src: Source, row: number, shikimoriId: number | null) =>
  src.setChosen((m) => new Map(m).set(row, shikimoriId));

/** Looks up the Shikimori id typed for a row, adds it to the options and matches and selects the row. */
async function lookupRow(t: TFunction, notify: Notify, row: number, src: Source, ch: Choices) {
  const id = Number(ch.manual[row]);
  if (!Number.isInteger(id) || id <= 0) return notify.error(t('adminCatalogue.import.notFound'));
  ch.setLookingUp(row);
  try {
    const found = await lookupShikimori(id);
    if (!found.ok) return notify.error(say(t, found.message));
    src.setOptions((o) =>
      o.some((x) => x.shikimoriId === found.value.shikimoriId) ? o : [...o, found.value],
    );
    matchRow(src, row, found.value.shikimoriId);
    ch.setSelected((s) => new Set(s).add(row));
    ch.setManual(({ [row]: _, ...rest }) => rest);
  } finally {
    ch.setLookingUp(null);
  }
}

/** The import section's state and what the admin can do with it. */
export function useImport() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const notify = useNotify();
  const src = useSource();
  const ch = useChoices();
  const { animes, anilist, options, chosen, matches } = src;
  const { selected, setSelected, imported, unlinked, page } = ch;
  const anime = animes.find((a) => String(a.id) === src.animeId) ?? null;

  const choose = async (id: string) => {
    resetFor(id, src, ch);
    const picked = animes.find((a) => String(a.id) === id);
    if (!picked) return;
    if (picked.shikimoriId === null || !Number.isInteger(picked.shikimoriId)) {
      notify.error(t('adminCatalogue.import.badShikimoriId'));
      return;
    }
    src.setLoading(true);
    try {
      await loadCharacters(t, { ...picked, shikimoriId: picked.shikimoriId }, src, ch);
    } finally {
      src.setLoading(false);
    }
  };

  // A row whose AniList id the catalogue holds already is there: it is not imported again.
  const exists = (id: number) => imported.has(id) || matches.get(id)?.by === 'anilistId';
  const selectable = anilist.filter((c) => !exists(c.anilistId));
  const pages = pageCount(anilist.length, IMPORT_PAGE_SIZE);
  const rows = pageSlice(anilist, Math.min(page, pages), IMPORT_PAGE_SIZE);
  const pageIds = rows.filter((c) => !exists(c.anilistId)).map((c) => c.anilistId);
  const optionById = useMemo(() => new Map(options.map((o) => [o.shikimoriId, o])), [options]);

  const toggle = (id: number) => setSelected((s) => toggled(s, id));
  const togglePage = () => setSelected((s) => toggledPage(s, pageIds));
  const selectAll = async () => {
    if (
      selectable.length > IMPORT_CONFIRM_ABOVE &&
      !(await ask({ message: t('adminCatalogue.import.confirmAll', { n: selectable.length }) }))
    )
      return;
    setSelected(new Set(selectable.map((c) => c.anilistId)));
  };
  const setMatch = (row: number, shikimoriId: number | null) => matchRow(src, row, shikimoriId);

  /** The existing character a row links to: its match, unless the admin chose to create a new one. */
  const linkOf = (row: number) => {
    const m = matches.get(row);
    return m && m.by !== 'anilistId' && !unlinked.has(row) ? m : undefined;
  };
  const toggleLink = (row: number) => ch.setUnlinked((s) => toggled(s, row));

  const lookup = (row: number) => lookupRow(t, notify, row, src, ch);

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
    await importRows(anime.id, items, ch);
  };

  return {
    ...{ ...src, ...ch, anime, choose, exists, selectable, pages, rows, pageIds, optionById },
    ...{ toggle, togglePage, selectAll, setMatch, toggleLink, lookup, runImport },
  };
}

export type ImportModel = ReturnType<typeof useImport>;
