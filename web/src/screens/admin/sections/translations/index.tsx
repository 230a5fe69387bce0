import { translationIssues, translationsTooLarge } from '@acg/contracts/translations';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useConfirm } from '../../../../components/Confirm';
import { useNotify } from '../../../../components/Notify';
import { PageNav, PageSizeSelect, pageWords } from '../../table/parts';
import { copyText } from '../users/shared';
import {
  type Entry,
  type Filter,
  flatten,
  isEmpty,
  isPlural,
  isReadOnly,
  keyList,
  matches,
  newKeyError,
  pageWindow,
  type Scope,
  sameValue,
  unflatten,
  type Value,
} from './model';

/** Requirements O9: page sizes 25/50/100/200 (default 50), search debounce 300 ms. */
const PAGE_SIZES = [25, 50, 100, 200] as const;
const SEARCH_DEBOUNCE_MS = 300;

const editorUrl = (lang: string) => `/admin?tab=translations&editlang=${encodeURIComponent(lang)}`;
async function saveFile(lang: string, body: unknown): Promise<void> {
  const res = await fetch(`/admin/i18n?lang=${encodeURIComponent(lang)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** The translation editor (requirements O2.6, O4, O5). Edits are local until saved. */
export default function TranslationsSection() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const notify = useNotify();
  const ids = useId();
  const [lang, setLang] = useState<string | null>(null);
  const [languages, setLanguages] = useState<string[]>([]);
  const [original, setOriginal] = useState<Map<string, Value>>(new Map());
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [filter, setFilter] = useState<Filter>('all');
  const [pageSize, setPageSize] = useState<number>(50);
  const [page, setPage] = useState(1);
  const [compact, setCompact] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [sort, setSort] = useState<{ by: 'key' | 'value'; order: 'asc' | 'desc' } | null>(null);
  const [newLang, setNewLang] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const editlang = new URLSearchParams(window.location.search).get('editlang') || 'ru';
    setLang(editlang);
    const controller = new AbortController();
    fetch('/api/i18n', { cache: 'no-cache', credentials: 'same-origin', signal: controller.signal })
      .then(async (res) => z.parse(z.array(z.object({ lang: z.string() })), await res.json()))
      .then(
        (list) => setLanguages(list.map((l) => l.lang)),
        () => {},
      );
    // Revalidated (the answer is cacheable for a minute): the editor must start from what is saved.
    fetch(`/api/i18n/${encodeURIComponent(editlang)}`, {
      cache: 'no-cache',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return z.parse(z.record(z.string(), z.unknown()), await res.json());
      })
      .then(
        (file) => {
          const flat = flatten(file);
          setOriginal(new Map(flat.map((e) => [e.key, e.value])));
          setEntries(flat);
        },
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = entries ?? [];
  const changed = (e: Entry) => !sameValue(original.get(e.key), e.value);
  const visible = useMemo(() => {
    const shown = list.filter(
      (e) =>
        matches(e, search, scope) &&
        (filter === 'all' ||
          (filter === 'changed' && !sameValue(original.get(e.key), e.value)) ||
          (filter === 'empty' && isEmpty(e.value)) ||
          (filter === 'plural' && isPlural(e.value))),
    );
    if (!sort) return shown;
    const text = (e: Entry) => (sort.by === 'key' ? e.key : typeof e.value === 'string' ? e.value : '');
    const sorted = [...shown].sort((a, b) => text(a).localeCompare(text(b)));
    return sort.order === 'asc' ? sorted : sorted.reverse();
  }, [list, search, scope, filter, sort, original]);
  const pages = Math.max(1, Math.ceil(visible.length / pageSize));
  const current = Math.min(page, pages);
  const rows = visible.slice((current - 1) * pageSize, current * pageSize);
  const counters = {
    total: list.length,
    empty: list.filter((e) => isEmpty(e.value)).length,
    plurals: list.filter((e) => isPlural(e.value)).length,
    changed:
      list.filter(changed).length + [...original.keys()].filter((k) => !list.some((e) => e.key === k)).length,
    selected: selected.size,
  };

  const setValue = (key: string, value: Value) =>
    setEntries((es) => (es ?? []).map((e) => (e.key === key ? { key, value } : e)));
  const remove = (keys: string[]) => {
    const gone = new Set(keys);
    setEntries((es) => (es ?? []).filter((e) => !gone.has(e.key)));
    setSelected((s) => new Set([...s].filter((k) => !gone.has(k))));
  };
  const reset = (keys: string[]) =>
    setEntries((es) =>
      (es ?? []).map((e) =>
        keys.includes(e.key) && original.has(e.key) ? { key: e.key, value: original.get(e.key)! } : e,
      ),
    );
  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const addKey = (e: FormEvent) => {
    e.preventDefault();
    const error = newKeyError(newKey, newValue, new Set(list.map((x) => x.key)));
    if (error) return setKeyError(t(`adminI18n.keyErrors.${error}`));
    try {
      // New keys go on top (requirements O4).
      setEntries((es) => [{ key: newKey.trim(), value: newValue.trim() }, ...(es ?? [])]);
      setNewKey('');
      setNewValue('');
      setKeyError(null);
    } catch {
      setKeyError(t('adminI18n.keyAddFailed'));
    }
  };
  const addLanguage = async (e: FormEvent) => {
    e.preventDefault();
    const code = newLang.trim();
    if (!code) return;
    if (languages.includes(code)) return notify.error(t('adminI18n.languageExists'));
    try {
      await saveFile(code, {});
      window.location.assign(editorUrl(code));
    } catch {
      notify.error(t('adminI18n.languageAddFailed'));
    }
  };
  const save = async () => {
    if (!lang || !entries) return;
    setSaving(true);
    try {
      await saveFile(lang, unflatten(entries));
      window.location.reload();
    } catch {
      notify.error(t('adminI18n.saveFailed'));
      setSaving(false);
    }
  };
  const bulkDelete = async () => {
    const keys = [...selected];
    const message = `${t('adminI18n.confirmBulkDelete', { count: keys.length })}\n${keyList(keys, (n) => t('adminI18n.andMore', { count: n }))}`;
    if (await ask({ message, action: t('adminI18n.delete'), danger: true })) remove(keys);
  };
  const exportFile = () => {
    const blob = new Blob([JSON.stringify(unflatten(list), null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${lang ?? 'translations'}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const data: unknown = JSON.parse(await file.text());
      // A file the service would refuse to save is refused here, before it replaces the texts.
      if (translationIssues(data).length > 0 || translationsTooLarge(data)) throw new Error('invalid file');
      setEntries(flatten(data));
      notify.success(t('adminI18n.imported'));
    } catch {
      notify.error(t('adminI18n.importFailed'));
    }
  };
  const sortHeader = (by: 'key' | 'value', label: string) => (
    <th
      scope="col"
      aria-sort={sort?.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="admin-table__sort"
        onClick={() =>
          setSort((s) =>
            s?.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' },
          )
        }
      >
        {label}
        <span aria-hidden="true">{sort?.by === by ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );

  if (failed)
    return (
      <p className="admin-error" role="alert">
        {t('adminUsers.loadError')}
      </p>
    );
  if (!entries || !lang) return <p role="status">{t('adminUsers.loading')}</p>;
  const pageKeys = rows.map((r) => r.key);
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));

  return (
    <section
      className={`admin-i18n${compact ? ' admin-i18n--compact' : ''}`}
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`}>{t('adminI18n.title', { lang })}</h2>
      {languages.length > 0 ? (
        <nav className="admin-quick" aria-label={t('adminI18n.languages')}>
          {languages.map((l) => (
            <a
              key={l}
              className={`button button--ghost${l === lang ? ' is-active' : ''}`}
              aria-current={l === lang ? 'page' : undefined}
              href={editorUrl(l)}
            >
              {l}
            </a>
          ))}
        </nav>
      ) : null}
      <ul className="admin-stats" aria-label={t('adminI18n.counters')}>
        {(Object.keys(counters) as Array<keyof typeof counters>).map((k) => (
          <li key={k} className="admin-stat">
            <span className="admin-stat__value">{counters[k]}</span>
            <span className="admin-stat__label">{t(`adminI18n.count.${k}`)}</span>
          </li>
        ))}
      </ul>
      {selected.size > 0 ? (
        <section className="admin-bulk" aria-label={t('adminI18n.bulk')}>
          <button type="button" className="button button--ghost" onClick={bulkDelete}>
            {t('adminI18n.deleteSelected')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => reset([...selected])}>
            {t('adminI18n.resetSelected')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setSelected(new Set())}>
            {t('adminI18n.clearSelection')}
          </button>
        </section>
      ) : null}
      <div className="admin-toolbar">
        <form className="admin-inline-form" onSubmit={addLanguage}>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminI18n.newLanguage')}</span>
            <input value={newLang} placeholder="de" onChange={(e) => setNewLang(e.target.value)} />
          </label>
          <button type="submit" className="button button--ghost">
            {t('adminI18n.addLanguage')}
          </button>
        </form>
        <form className="admin-inline-form" onSubmit={addKey}>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminI18n.newKey')}</span>
            <input value={newKey} onChange={(e) => setNewKey(e.target.value)} />
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminI18n.newValue')}</span>
            <input value={newValue} onChange={(e) => setNewValue(e.target.value)} />
          </label>
          <button type="submit" className="button button--ghost">
            {t('adminI18n.addKey')}
          </button>
          {keyError ? (
            <p className="admin-error" role="alert">
              {keyError}
            </p>
          ) : null}
        </form>
      </div>
      <div className="admin-toolbar">
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminI18n.search')}</span>
          <input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminI18n.scope')}</span>
          <select value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            <option value="all">{t('adminI18n.scopes.all')}</option>
            <option value="keys">{t('adminI18n.scopes.keys')}</option>
            <option value="values">{t('adminI18n.scopes.values')}</option>
          </select>
        </label>
        <PageSizeSelect
          label={t('adminUsers.pageSize')}
          sizes={PAGE_SIZES}
          value={pageSize}
          onChange={(n) => {
            setPageSize(n);
            setPage(1);
          }}
        />
      </div>
      <fieldset className="admin-quick admin-quick--plain">
        <legend className="visually-hidden">{t('adminI18n.filter')}</legend>
        {(['all', 'changed', 'empty', 'plural'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`button button--ghost${filter === f ? ' is-active' : ''}`}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {t(`adminI18n.filters.${f === 'plural' ? 'plurals' : f}`)}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={compact}
          onClick={() => setCompact((c) => !c)}
        >
          {compact ? t('adminI18n.normalView') : t('adminI18n.compactView')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={advanced}
          onClick={() => setAdvanced((a) => !a)}
        >
          {t('adminI18n.advanced')}
        </button>
      </fieldset>
      {advanced ? (
        <div className="admin-quick">
          <button type="button" className="button button--ghost" onClick={exportFile}>
            {t('adminI18n.export')}
          </button>
          <label className="button button--ghost">
            {t('adminI18n.import')}
            <input
              type="file"
              accept=".json,application/json"
              className="visually-hidden"
              onChange={(e) => void importFile(e)}
            />
          </label>
        </div>
      ) : null}

      <div className="admin-table-wrap">
        <table className="admin-table admin-table--i18n">
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t('adminI18n.selectAll')}
                  checked={allSelected}
                  onChange={() =>
                    setSelected((s) => {
                      const next = new Set(s);
                      for (const k of pageKeys) {
                        if (allSelected) next.delete(k);
                        else next.add(k);
                      }
                      return next;
                    })
                  }
                />
              </th>
              {sortHeader('key', t('adminI18n.key'))}
              {sortHeader('value', t('adminI18n.value'))}
              <th scope="col">{t('adminI18n.status')}</th>
              <th scope="col">{t('adminUsers.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => {
              const isChanged = changed(entry);
              return (
                <tr key={entry.key}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('adminI18n.select', { key: entry.key })}
                      checked={selected.has(entry.key)}
                      onChange={() => toggle(entry.key)}
                    />
                  </td>
                  <td data-label={t('adminI18n.key')}>
                    <span className="admin-mono">{entry.key}</span>
                  </td>
                  <td data-label={t('adminI18n.value')} className="admin-i18n__value">
                    <ValueEditor entry={entry} onChange={(v) => setValue(entry.key, v)} />
                  </td>
                  <td data-label={t('adminI18n.status')}>
                    {!original.has(entry.key)
                      ? t('adminI18n.statuses.new')
                      : isChanged
                        ? t('adminI18n.statuses.changed')
                        : isEmpty(entry.value)
                          ? t('adminI18n.statuses.empty')
                          : '—'}
                  </td>
                  <td data-label={t('adminUsers.action')}>
                    <div className="admin-table__actions">
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => copyText(entry.key)}
                        aria-label={t('adminI18n.copyKey', { key: entry.key })}
                      >
                        {t('adminUsers.copy')}
                      </button>
                      {isChanged && original.has(entry.key) ? (
                        <button
                          type="button"
                          className="button button--ghost"
                          onClick={() => reset([entry.key])}
                        >
                          {t('adminI18n.reset')}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={async () =>
                          (await ask({
                            message: t('adminI18n.confirmDelete', { key: entry.key }),
                            action: t('adminI18n.delete'),
                            danger: true,
                          })) && remove([entry.key])
                        }
                      >
                        {t('adminI18n.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <PageNav
          label={t('adminI18n.pagination')}
          page={current}
          pages={pages}
          onPage={setPage}
          words={pageWords(t, 'adminUsers')}
        >
          {pageWindow(current, pages).map((n) => (
            <button
              key={n}
              type="button"
              className={`button button--ghost${n === current ? ' is-active' : ''}`}
              aria-current={n === current ? 'page' : undefined}
              onClick={() => setPage(n)}
            >
              {n}
            </button>
          ))}
        </PageNav>
      ) : null}
      <div className="admin-savebar">
        <button
          type="button"
          className="button button--primary"
          disabled={saving}
          onClick={() => void save()}
        >
          {saving ? t('adminUsers.saving') : t('adminI18n.save')}
        </button>
      </div>
    </section>
  );
}

/** A string, a plural list of forms (at least one kept), or a read-only object. */
function ValueEditor({ entry, onChange }: { entry: Entry; onChange: (v: Value) => void }) {
  const { t } = useTranslation();
  const { value, key } = entry;
  if (isReadOnly(value)) return <span className="admin-muted">{t('adminI18n.readOnly')}</span>;
  if (isPlural(value)) {
    return (
      <ol className="admin-plural">
        {value.plural.map((form, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: forms are positional
          <li key={i}>
            <input
              aria-label={t('adminI18n.form', { key, n: i + 1 })}
              value={form}
              onChange={(e) =>
                onChange({ plural: value.plural.map((f, j) => (j === i ? e.target.value : f)) })
              }
            />
            <button
              type="button"
              className="button button--ghost"
              disabled={value.plural.length <= 1}
              onClick={() => onChange({ plural: value.plural.filter((_, j) => j !== i) })}
            >
              {t('adminI18n.removeForm')}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onChange({ plural: [...value.plural, ''] })}
          >
            {t('adminI18n.addForm')}
          </button>
        </li>
      </ol>
    );
  }
  return (
    <textarea
      aria-label={t('adminI18n.valueOf', { key })}
      rows={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
