import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureText } from '../../../../api/admin-rarity';
import { type RouteAnswer, request } from '../../../../api/client';
import { useNotify } from '../../../../components/Notify';
import { useResourceList, useResourceWrites } from '../../kit/useResource';
import { PageNav, pageWords } from '../../table/parts';
import { pageWindow, unflatten } from './model';
import { EntriesTable } from './table';
import { AddForms, Counters, editorUrl, FilterBar, LanguageNav, SearchBar } from './toolbar';
import { useEntries, useView, type View } from './useEditor';

/** A save changes the language's texts and the languages list (its counts, a new language). */
const CHANGES = ['GET /api/i18n', 'GET /api/i18n/:lang'] as const;
const codesOf = (answer: RouteAnswer<'GET /api/i18n'>): readonly string[] => answer.map((l) => l.lang);
const noRows = (): readonly never[] => [];

const SAVED_MARK = 'acg.i18n.saved';
const markSaved = (lang: string) => {
  try {
    sessionStorage.setItem(SAVED_MARK, lang);
  } catch {
    // No storage: the reload shows the saved texts without a message.
  }
};
const readSavedMark = (): string | null => {
  try {
    const lang = sessionStorage.getItem(SAVED_MARK);
    sessionStorage.removeItem(SAVED_MARK);
    return lang;
  } catch {
    return null;
  }
};

/** The translation editor (requirements O2.6, O4, O5): the language in the address (ru by default). */
export default function TranslationsSection() {
  // From the router, so the server and the first client render agree (no swap at hydration).
  const [params] = useSearchParams();
  return <TranslationsLoader lang={params.get('editlang') || 'ru'} />;
}

/** Reads the language's saved texts (past the browser's copy: the editor starts from what is saved). */
function TranslationsLoader({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const languages = useResourceList('GET /api/i18n', codesOf, { staleTime: 0, revalidate: true });
  const file = useResourceList('GET /api/i18n/:lang', noRows, {
    input: { params: { lang } },
    staleTime: 0,
    revalidate: true,
  });
  if (file.error && !file.answer)
    return (
      <p className="admin-error" role="alert">
        {t('adminUsers.loadError')}
      </p>
    );
  if (!file.answer) return <p role="status">{t('adminUsers.loading')}</p>;
  return <TranslationsEditor lang={lang} languages={languages.rows} file={file.answer} />;
}

/** Edits are local until saved; a save stores the whole file and loads the page again. */
function TranslationsEditor(props: {
  lang: string;
  languages: readonly string[];
  file: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const ids = useId();
  const { lang, languages } = props;
  const editor = useEntries(props.file);
  const view = useView(editor);
  const write = useResourceWrites(CHANGES);
  const [compact, setCompact] = useState(false);
  const [saving, setSaving] = useState(false);
  const addLanguage = async (code: string) => {
    if (!code) return;
    if (languages.includes(code)) return notify.error(t('adminI18n.languageExists'));
    try {
      await write(() => request('POST /admin/i18n', { query: { lang: code }, body: {} }));
      window.location.assign(editorUrl(code));
    } catch {
      notify.error(t('adminI18n.languageAddFailed'));
    }
  };
  // The page reloads after a save (requirements O4): the message is shown by the reloaded page.
  useEffect(() => {
    const saved = readSavedMark();
    if (saved) notify.success(t('adminI18n.saved', { lang: saved }));
  }, [notify, t]);
  const save = async () => {
    setSaving(true);
    try {
      await write(() => request('POST /admin/i18n', { query: { lang }, body: unflatten(editor.entries) }));
      markSaved(lang);
      window.location.reload();
    } catch (err) {
      // The server's refusal says what is wrong (a text that expands too far), in the admin's language.
      const why = failureText(err);
      notify.error(why ? `${t('adminI18n.saveFailed')}: ${why}` : t('adminI18n.saveFailed'));
      setSaving(false);
    }
  };
  return (
    <section
      className={`admin-i18n${compact ? ' admin-i18n--compact' : ''}`}
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`}>{t('adminI18n.title', { lang })}</h2>
      <LanguageNav languages={languages} lang={lang} />
      <Counters editor={editor} />
      <AddForms editor={editor} addLanguage={(code) => void addLanguage(code)} />
      <SearchBar view={view} />
      <FilterBar
        view={view}
        editor={editor}
        lang={lang}
        compact={compact}
        onCompact={() => setCompact((c) => !c)}
      />
      <EntriesTable editor={editor} view={view} />
      <Pager view={view} />
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

/** The pages of the list, five numbers around the current one. */
function Pager({ view }: { view: View }) {
  const { t } = useTranslation();
  const { current, pages, setPage } = view;
  if (pages <= 1) return null;
  return (
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
  );
}
