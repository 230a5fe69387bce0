import { translationIssues, translationsTooLarge } from '@acg/contracts/translations';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/Confirm';
import { useNotify } from '../../../../components/Notify';
import { PageSizeSelect } from '../../table/parts';
import { flatten, keyList, newKeyError, type Scope, unflatten } from './model';
import type { Editor, View } from './useEditor';

/** Requirements O9: page sizes 25/50/100/200 (default 50). */
const PAGE_SIZES = [25, 50, 100, 200] as const;

export const editorUrl = (lang: string) => `/admin?tab=translations&editlang=${encodeURIComponent(lang)}`;

/** The languages to edit, the one shown marked. */
export function LanguageNav({ languages, lang }: { languages: readonly string[]; lang: string }) {
  const { t } = useTranslation();
  if (languages.length === 0) return null;
  return (
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
  );
}

/** The counters, then (some rows selected) the selection's delete, reset and clear. */
export function Counters({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const { counters, selected } = editor;
  const bulkDelete = async () => {
    const keys = [...selected];
    const message = `${t('adminI18n.confirmBulkDelete', { count: keys.length })}\n${keyList(keys, (n) => t('adminI18n.andMore', { count: n }))}`;
    if (await ask({ message, action: t('adminI18n.delete'), danger: true })) editor.remove(keys);
  };
  return (
    <>
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
          <button type="button" className="button button--ghost" onClick={() => editor.reset([...selected])}>
            {t('adminI18n.resetSelected')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => editor.setSelected(new Set())}
          >
            {t('adminI18n.clearSelection')}
          </button>
        </section>
      ) : null}
    </>
  );
}

/** A new language (saved at once as `{}`, then opened), or a new key on top of the list. */
export function AddForms({ editor, addLanguage }: { editor: Editor; addLanguage: (code: string) => void }) {
  const { t } = useTranslation();
  const [newLang, setNewLang] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const addKey = (e: FormEvent) => {
    e.preventDefault();
    const error = newKeyError(newKey, newValue, new Set(editor.entries.map((x) => x.key)));
    if (error) return setKeyError(t(`adminI18n.keyErrors.${error}`));
    try {
      // New keys go on top (requirements O4).
      editor.setEntries((es) => [{ key: newKey.trim(), value: newValue.trim() }, ...es]);
      setNewKey('');
      setNewValue('');
      setKeyError(null);
    } catch {
      setKeyError(t('adminI18n.keyAddFailed'));
    }
  };
  return (
    <div className="admin-toolbar">
      <form
        className="admin-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          addLanguage(newLang.trim());
        }}
      >
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
  );
}

/** The search, its scope and the page size. */
export function SearchBar({ view }: { view: View }) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminI18n.search')}</span>
        <input type="search" value={view.searchText} onChange={(e) => view.setSearchText(e.target.value)} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminI18n.scope')}</span>
        <select value={view.scope} onChange={(e) => view.setScope(e.target.value as Scope)}>
          <option value="all">{t('adminI18n.scopes.all')}</option>
          <option value="keys">{t('adminI18n.scopes.keys')}</option>
          <option value="values">{t('adminI18n.scopes.values')}</option>
        </select>
      </label>
      <PageSizeSelect
        label={t('adminUsers.pageSize')}
        sizes={PAGE_SIZES}
        value={view.pageSize}
        onChange={view.setPageSize}
      />
    </div>
  );
}

/** The quick filters, the compact view and the advanced tools (export and import of the JSON file). */
export function FilterBar(props: {
  view: View;
  editor: Editor;
  lang: string;
  compact: boolean;
  onCompact: () => void;
}) {
  const { t } = useTranslation();
  const { view } = props;
  const [advanced, setAdvanced] = useState(false);
  return (
    <>
      <fieldset className="admin-quick admin-quick--plain">
        <legend className="visually-hidden">{t('adminI18n.filter')}</legend>
        {(['all', 'changed', 'empty', 'plural'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`button button--ghost${view.filter === f ? ' is-active' : ''}`}
            aria-pressed={view.filter === f}
            onClick={() => view.setFilter(f)}
          >
            {t(`adminI18n.filters.${f === 'plural' ? 'plurals' : f}`)}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={props.compact}
          onClick={props.onCompact}
        >
          {props.compact ? t('adminI18n.normalView') : t('adminI18n.compactView')}
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
      {advanced ? <FileTools editor={props.editor} lang={props.lang} /> : null}
    </>
  );
}

/** Export the texts as a JSON file, or import one (refused here when the service would refuse it). */
function FileTools({ editor, lang }: { editor: Editor; lang: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const exportFile = () => {
    const blob = new Blob([JSON.stringify(unflatten(editor.entries), null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${lang}.json`;
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
      editor.setEntries(flatten(data));
      notify.success(t('adminI18n.imported'));
    } catch {
      notify.error(t('adminI18n.importFailed'));
    }
  };
  return (
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
  );
}
