import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type AdminCharacter,
  createCharacter,
  deleteCharacter,
  deleteCharacters,
  fetchAnimesCached,
  fetchCharacters,
  updateCharacter,
} from '../../../../api/admin-catalogue';
import { imageSource } from '../../../../api/images';
import { useLatestOnly } from '../../../../components/useLatestOnly';
import { say } from '../../catalogue/say';
import { type Message, positiveId, validateCharacter } from '../../catalogue/validation';
import {
  type CatalogueColumn,
  CataloguePager,
  CatalogueTable,
  CatalogueToolbar,
} from '../../table/CatalogueTable';
import { matchesText } from '../../table/model';
import { ListStatus, useConfirmDelete } from '../../table/parts';
import { useAdminTable } from '../../table/useAdminTable';

type Column = 'id' | 'name' | 'shikimoriId' | 'anilistId';
const accessor = (c: AdminCharacter, k: Column) => c[k];
type Has = 'shikimori' | 'anilist' | 'image';
const emptyForm = { name: '', shikimoriId: '', anilistId: '', description: '', imageUrl: '' };

export const shikimoriCharacterUrl = (id: number) => `https://shikimori.one/characters/${id}`;
export const anilistCharacterUrl = (id: number) => `https://anilist.co/character/${id}`;

/** Character admin (spec 2 §2.2): ?animeId=, tiles, search, has-X filters, grid/table, inline edits. */
export default function CharactersSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const animeId = positiveId(params.get('animeId') ?? '');
  const validAnime = animeId !== null && !Number.isNaN(animeId) ? animeId : null;
  const confirmDelete = useConfirmDelete();
  const [rows, setRows] = useState<AdminCharacter[]>([]);
  const [animeTitle, setAnimeTitle] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [has, setHas] = useState<Record<Has, boolean>>({ shikimori: false, anilist: false, image: false });
  const [view, setView] = useState<'table' | 'grid'>('table');
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState<Message | null>(null);
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const filter = useCallback(
    (c: AdminCharacter, q: string) =>
      (!has.shikimori || c.shikimoriId !== null) &&
      (!has.anilist || c.anilistId !== null) &&
      (!has.image || !!c.imageUrl) &&
      matchesText(q, c.name, c.altname, c.id, c.shikimoriId, c.anilistId),
    [has],
  );
  const table = useAdminTable<AdminCharacter, Column>({
    rows,
    filter,
    accessor,
    resetKey: `${has.shikimori}${has.anilist}${has.image}`,
  });

  const begin = useLatestOnly();
  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const list = await fetchCharacters(validAnime);
      if (!current()) return;
      setRows(list);
      setError(null);
    } catch (err) {
      if (current()) setError(err instanceof Error ? err.message : String(err));
    } finally {
      if (current()) setLoading(false);
    }
  }, [validAnime, begin]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (validAnime === null) return setAnimeTitle(null);
    fetchAnimesCached()
      .then((list) => setAnimeTitle(list.find((a) => a.id === validAnime)?.title ?? `#${validAnime}`))
      .catch(() => setAnimeTitle(`#${validAnime}`));
  }, [validAnime]);

  const stats = useMemo(
    () => ({
      total: rows.length,
      shikimori: rows.filter((r) => r.shikimoriId !== null).length,
      anilist: rows.filter((r) => r.anilistId !== null).length,
      image: rows.filter((r) => !!r.imageUrl).length,
    }),
    [rows],
  );

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateCharacter(form, rows);
    setFormError(problem);
    if (problem) return;
    setAdding(true);
    try {
      const created = await createCharacter({
        name: form.name.trim(),
        shikimoriId: positiveId(form.shikimoriId),
        anilistId: positiveId(form.anilistId),
        description: form.description.trim(),
        imageUrl: form.imageUrl.trim(),
      });
      setRows((r) => [...r, created]);
      setForm(emptyForm);
    } catch {
      setFormError({ key: 'adminCatalogue.characters.addError' });
    } finally {
      setAdding(false);
    }
  };

  const save = async (row: AdminCharacter) => {
    const draft = table.drafts[row.id];
    if (!draft) return;
    if (draft.name !== undefined) {
      const problem = validateCharacter({ name: draft.name ?? '', shikimoriId: '', anilistId: '' }, []);
      if (problem) return setActionError(say(t, problem));
    }
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(draft)) fields[k] = typeof v === 'string' ? v.trim() : v;
    const saved = await table.saveRow(row.id, async () => {
      await updateCharacter(row.id, fields);
      setRows((list) => list.map((r) => (r.id === row.id ? ({ ...r, ...fields } as AdminCharacter) : r)));
    });
    setActionError(saved ? null : t('adminCatalogue.characters.saveError'));
  };

  const remove = async (victims: AdminCharacter[]) => {
    if (victims.length === 0 || !confirmDelete(victims.map((v) => v.name))) return;
    try {
      const [only] = victims;
      if (victims.length === 1 && only) await deleteCharacter(only.id);
      else await deleteCharacters(victims.map((v) => v.id));
      const gone = new Set(victims.map((v) => v.id));
      setRows((list) => list.filter((r) => !gone.has(r.id)));
      setActionError(null);
    } catch {
      setActionError(
        t(victims.length > 1 ? 'adminCatalogue.bulkDeleteError' : 'adminCatalogue.characters.deleteError'),
      );
    }
  };

  const set = (field: keyof typeof emptyForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const resetFilters = () => {
    table.setSearch('');
    setHas({ shikimori: false, anilist: false, image: false });
  };

  const links = (c: AdminCharacter) => (
    <span className="admin-catalogue__links">
      {c.shikimoriId ? (
        <a href={shikimoriCharacterUrl(c.shikimoriId)} target="_blank" rel="noreferrer">
          Shikimori
        </a>
      ) : null}
      {c.anilistId ? (
        <a href={anilistCharacterUrl(c.anilistId)} target="_blank" rel="noreferrer">
          AniList
        </a>
      ) : null}
    </span>
  );

  const columns: CatalogueColumn<AdminCharacter, Column>[] = [
    { key: 'id', label: t('adminCatalogue.id'), sortable: true, render: (row) => row.id },
    {
      key: 'name',
      label: t('adminCatalogue.name'),
      sortable: true,
      edit: { field: 'name', label: (row) => t('adminCatalogue.nameOf', { id: row.id }) },
    },
    {
      key: 'altname',
      label: t('adminCatalogue.altname'),
      edit: { field: 'altname', label: (row) => t('adminCatalogue.altnameOf', { id: row.id }) },
    },
    {
      key: 'shikimoriId',
      label: t('adminCatalogue.shikimoriId'),
      sortable: true,
      render: (row) => row.shikimoriId ?? '-',
    },
    {
      key: 'anilistId',
      label: t('adminCatalogue.anilistId'),
      sortable: true,
      render: (row) => row.anilistId ?? '-',
    },
    { key: 'links', label: t('adminCatalogue.links'), render: links },
  ];

  return (
    <div className="admin-catalogue">
      {validAnime !== null ? (
        <h2 className="admin-catalogue__heading">
          {t('adminCatalogue.characters.ofAnime', { title: animeTitle ?? '' })}
        </h2>
      ) : null}
      <ul className="admin-stats admin-catalogue__tiles">
        {(
          [
            ['total', stats.total],
            ['withShikimori', stats.shikimori],
            ['withAnilist', stats.anilist],
            ['withImage', stats.image],
            ['selected', table.selected.size],
          ] as const
        ).map(([key, value]) => (
          <li key={key} className="admin-stat">
            <span className="admin-stat__value">{value}</span>
            <span className="admin-stat__label">{t(`adminCatalogue.characters.tiles.${key}`)}</span>
          </li>
        ))}
      </ul>
      <form
        className="admin-catalogue__form"
        onSubmit={add}
        noValidate
        aria-label={t('adminCatalogue.characters.addForm')}
      >
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.name')}</span>
          <input value={form.name} onChange={set('name')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.shikimoriId')}</span>
          <input inputMode="numeric" value={form.shikimoriId} onChange={set('shikimoriId')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.anilistId')}</span>
          <input inputMode="numeric" value={form.anilistId} onChange={set('anilistId')} />
        </label>
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.description')}</span>
          <input value={form.description} onChange={set('description')} />
        </label>
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.imageUrl')}</span>
          <input type="url" value={form.imageUrl} onChange={set('imageUrl')} />
        </label>
        <button type="submit" className="button button--primary" disabled={adding}>
          {adding ? t('adminCatalogue.adding') : t('adminCatalogue.add')}
        </button>
        <p className="admin-error" role={formError ? 'alert' : undefined}>
          {formError ? say(t, formError) : ''}
        </p>
      </form>
      <CatalogueToolbar
        table={table}
        filters={(['shikimori', 'anilist', 'image'] as const).map((k) => (
          <label key={k} className="admin-check">
            <input type="checkbox" checked={has[k]} onChange={() => setHas((h) => ({ ...h, [k]: !h[k] }))} />
            {t(`adminCatalogue.characters.has.${k}`)}
          </label>
        ))}
        extra={
          <>
            <fieldset className="admin-catalogue__view">
              <legend className="visually-hidden">{t('adminCatalogue.view')}</legend>
              {(['table', 'grid'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  className={view === v ? 'button button--primary' : 'button button--ghost'}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {t(`adminCatalogue.views.${v}`)}
                </button>
              ))}
            </fieldset>
            <button type="button" className="button button--ghost" onClick={resetFilters}>
              {t('adminCatalogue.reset')}
            </button>
          </>
        }
        onRefresh={() => void load()}
        onDeleteSelected={() => void remove(table.selectedRows)}
      />
      <ListStatus actionError={actionError} error={error} loading={loading} />
      {!loading && !error && table.pageRows.length === 0 ? (
        <p className="admin-table__empty">{t('adminCatalogue.empty')}</p>
      ) : null}
      {view === 'grid' ? (
        <ul className="admin-catalogue__grid">
          {table.pageRows.map((c) => (
            <li key={c.id} className="admin-catalogue__tile">
              <label className="admin-check">
                <input
                  type="checkbox"
                  aria-label={t('adminCatalogue.selectRow', { name: c.name })}
                  checked={table.selected.has(c.id)}
                  onChange={() => table.toggleOne(c.id)}
                />
                #{c.id}
              </label>
              {imageSource(c.imageUrl) ? (
                <img src={imageSource(c.imageUrl)!} alt="" loading="lazy" width={96} height={128} />
              ) : null}
              <strong>{c.name}</strong>
              {links(c)}
            </li>
          ))}
        </ul>
      ) : (
        <CatalogueTable
          table={table}
          columns={columns}
          rowName={(row) => row.name}
          loading={loading}
          onSave={(row) => void save(row)}
          onDelete={(row) => void remove([row])}
        />
      )}
      <CataloguePager table={table} />
    </div>
  );
}
