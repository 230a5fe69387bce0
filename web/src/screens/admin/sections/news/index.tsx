import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createNews,
  deleteNews,
  NEWS_TYPES,
  type NewsItem,
  type NewsType,
  splitTags,
  updateNews,
} from '../../../../api/news';
import { useSession } from '../../../../app/session';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { useNotify } from '../../../../components/Notify';
import { RichText } from '../../../../components/RichText';
import { LANGUAGES } from '../../../../i18n/core';
import { nativeName } from '../../../../i18n/formats';
import { asRows, useResourceList, useResourceWrites } from '../../kit/useResource';
import { DataTable } from '../../table/DataTable';

interface Translation {
  lang: string;
  title: string;
  content: string;
}
interface Form {
  title: string;
  content: string;
  type: NewsType;
  tags: string;
  translations: Translation[];
  published: boolean;
}
/** Cancel or save resets to the empty form with type update and published off (requirements O4). */
const EMPTY: Form = { title: '', content: '', type: 'update', tags: '', translations: [], published: false };

/** A news write changes the admin list and the home page's latest news. */
const CHANGES = ['GET /api/news'] as const;
const ADMIN_LIST = { query: { includeUnpublished: '1' } } as const;

/** News admin (requirements O2.4): the form (create or edit) and the list with edit and delete. */
export default function NewsSection() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const ids = useId();
  const list = useResourceList('GET /api/news', asRows<NewsItem>, { input: ADMIN_LIST });
  const write = useResourceWrites(CHANGES);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What each action did, in the one message area (issue 28: the admin sees "Published").
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { languages: added = [] } = useSession();
  const offered = [...LANGUAGES, ...added];

  // The server's text, else one in the page's language (never the browser's English).
  const failure = (err: unknown) => loadErrorText(t, err);
  const items = list.loaded ? list.rows : list.error ? [] : null;
  const shownError = error ?? (list.error && !list.loaded ? failure(list.error) : null);

  const reset = () => {
    setForm(EMPTY);
    setEditing(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const input = {
      ...form,
      tags: splitTags(form.tags),
      translations: Object.fromEntries(
        form.translations.map((tr) => [tr.lang, { title: tr.title, content: tr.content }]),
      ),
    };
    try {
      await write(() => (editing === null ? createNews(input) : updateNews(editing, input)));
      notify.success(
        t(input.published ? 'adminNews.done.published' : 'adminNews.done.draft', { title: input.title }),
      );
      reset();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: NewsItem) => {
    if (!(await ask({ message: t('adminNews.confirmDelete'), action: t('adminNews.delete'), danger: true })))
      return;
    setError(null);
    try {
      await write(() => deleteNews(item.id));
      notify.success(t('adminNews.done.deleted', { title: item.title }));
      if (editing === item.id) reset();
    } catch (err) {
      setError(failure(err));
    }
  };
  const edit = (item: NewsItem) => {
    setEditing(item.id);
    setForm({
      title: item.title,
      content: item.content,
      type: item.type,
      tags: item.tags.join(', '),
      translations: Object.entries(item.translations).map(([lang, text]) => ({ lang, ...text })),
      published: item.published,
    });
  };
  // Beyond the spec: the item in the other languages the site offers.
  const untranslated = offered.filter((code) => !form.translations.some((tr) => tr.lang === code));
  const setTranslation = (index: number, patch: Partial<Translation>) =>
    setForm({
      ...form,
      translations: form.translations.map((tr, i) => (i === index ? { ...tr, ...patch } : tr)),
    });

  return (
    <section className="admin-news" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminNews.title')}
      </h2>
      <form className="admin-form" onSubmit={submit}>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminNews.fields.title')}</span>
          <input value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminNews.fields.type')}</span>
          <select value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as NewsType })}>
            {NEWS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`adminNews.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminNews.fields.content')}</span>
          <textarea
            rows={8}
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.target.value })}
          />
          <span className="admin-muted">{t('adminNews.previewHint')}</span>
        </label>
        {form.content.trim() ? (
          <section className="admin-news__preview" aria-label={t('adminNews.preview')}>
            <p className="admin-field__label">{t('adminNews.preview')}</p>
            <RichText text={form.content} />
          </section>
        ) : null}
        <label className="admin-field">
          <span className="admin-field__label">{t('adminNews.fields.tags')}</span>
          <input
            value={form.tags}
            placeholder={t('adminNews.tagsHint')}
            onChange={(e) => setForm({ ...form, tags: e.target.value })}
          />
        </label>
        <fieldset className="admin-news__translations">
          <legend>{t('adminNews.translations.title')}</legend>
          {form.translations.map((tr, index) => (
            <div key={tr.lang} className="admin-news__translation" lang={tr.lang}>
              <p className="admin-field__label">
                {t(`language.${tr.lang}`, { defaultValue: nativeName(tr.lang) })} ({tr.lang})
              </p>
              <label className="admin-field">
                <span className="admin-field__label">{t('adminNews.fields.title')}</span>
                <input value={tr.title} onChange={(e) => setTranslation(index, { title: e.target.value })} />
              </label>
              <label className="admin-field">
                <span className="admin-field__label">{t('adminNews.fields.content')}</span>
                <textarea
                  rows={4}
                  value={tr.content}
                  onChange={(e) => setTranslation(index, { content: e.target.value })}
                />
              </label>
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  setForm({ ...form, translations: form.translations.filter((_, i) => i !== index) })
                }
              >
                {t('adminNews.translations.remove')}
              </button>
            </div>
          ))}
          {untranslated.length > 0 ? (
            <label className="admin-field">
              <span className="admin-field__label">{t('adminNews.translations.add')}</span>
              <select
                value=""
                onChange={(e) =>
                  e.target.value &&
                  setForm({
                    ...form,
                    translations: [...form.translations, { lang: e.target.value, title: '', content: '' }],
                  })
                }
              >
                <option value="">—</option>
                {untranslated.map((code) => (
                  <option key={code} value={code}>
                    {t(`language.${code}`, { defaultValue: nativeName(code) })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </fieldset>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={form.published}
            onChange={(e) => setForm({ ...form, published: e.target.checked })}
          />
          {t('adminNews.fields.published')}
        </label>
        {shownError ? (
          <p className="admin-error" role="alert">
            {shownError}
          </p>
        ) : null}
        <div className="admin-quick">
          <button type="submit" className="button button--primary" disabled={busy}>
            {editing === null ? t('adminNews.create') : t('adminNews.save')}
          </button>
          {editing !== null ? (
            <button type="button" className="button button--ghost" onClick={reset}>
              {t('adminNews.cancel')}
            </button>
          ) : null}
        </div>
      </form>

      {items === null ? (
        <p role="status">{t('adminUsers.loading')}</p>
      ) : (
        <DataTable
          className="admin-table admin-table--news"
          rows={items}
          rowKey={(item) => item.id}
          empty={t('adminNews.empty')}
          columns={[
            { key: 'id', label: t('adminNews.columns.id'), render: (item) => item.id },
            { key: 'title', label: t('adminNews.fields.title'), render: (item) => item.title },
            {
              key: 'type',
              label: t('adminNews.fields.type'),
              render: (item) => t(`adminNews.types.${item.type}`),
            },
            { key: 'tags', label: t('adminNews.fields.tags'), render: (item) => item.tags.join(', ') },
            {
              key: 'published',
              label: t('adminNews.fields.published'),
              render: (item) => (item.published ? t('adminNews.yes') : t('adminNews.no')),
            },
            {
              key: 'actions',
              label: t('adminNews.columns.actions'),
              render: (item) => (
                <div className="admin-table__actions">
                  <button type="button" className="button button--ghost" onClick={() => edit(item)}>
                    {t('adminNews.edit')}
                  </button>
                  <button type="button" className="button button--ghost" onClick={() => void remove(item)}>
                    {t('adminNews.delete')}
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
