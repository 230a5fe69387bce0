import { useTranslation } from 'react-i18next';
import { NEWS_TYPES, type NewsType } from '../../../../api/news';
import { useSession } from '../../../../app/session';
import { RichText } from '../../../../components/RichText';
import { LANGUAGES } from '../../../../i18n/core';
import { nativeName } from '../../../../i18n/formats';
import type { Form, Translation } from './model';
import type { NewsModel } from './useNews';

/** The refusal under the field it is about (the input's description), or nothing. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="admin-field__error" role="alert">
      {text}
    </span>
  ) : null;
}

/** The form creating an item or editing one. */
export function NewsForm({ news }: { news: NewsModel }) {
  const { t } = useTranslation();
  const { ids, form, setForm, fieldErrors, fieldProps, submit } = news;
  return (
    <form className="admin-form" onSubmit={submit}>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminNews.fields.title')}</span>
        <input
          {...fieldProps('title')}
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
        <FieldError id={`${ids}-title-err`} text={fieldErrors.title} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminNews.fields.type')}</span>
        <select
          {...fieldProps('type')}
          value={form.type}
          onChange={(e) => setForm({ ...form, type: e.target.value as NewsType })}
        >
          {NEWS_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`adminNews.types.${type}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${ids}-type-err`} text={fieldErrors.type} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminNews.fields.content')}</span>
        <textarea
          {...fieldProps('content')}
          rows={8}
          value={form.content}
          onChange={(e) => setForm({ ...form, content: e.target.value })}
        />
        <FieldError id={`${ids}-content-err`} text={fieldErrors.content} />
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
          {...fieldProps('tags')}
          value={form.tags}
          placeholder={t('adminNews.tagsHint')}
          onChange={(e) => setForm({ ...form, tags: e.target.value })}
        />
        <FieldError id={`${ids}-tags-err`} text={fieldErrors.tags} />
      </label>
      <TranslationFields form={form} setForm={setForm} />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={form.published}
          onChange={(e) => setForm({ ...form, published: e.target.checked })}
        />
        {t('adminNews.fields.published')}
      </label>
      <FormActions news={news} />
    </form>
  );
}

/** Beyond the spec: the item in the other languages the site offers. */
function TranslationFields({ form, setForm }: { form: Form; setForm: (form: Form) => void }) {
  const { t } = useTranslation();
  const { languages: added = [] } = useSession();
  const offered = [...LANGUAGES, ...added];
  const untranslated = offered.filter((code) => !form.translations.some((tr) => tr.lang === code));
  const setTranslation = (index: number, patch: Partial<Translation>) =>
    setForm({
      ...form,
      translations: form.translations.map((tr, i) => (i === index ? { ...tr, ...patch } : tr)),
    });
  return (
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
  );
}

/** A refusal about no field, save (or create) and, when editing, cancel. */
function FormActions({ news }: { news: NewsModel }) {
  const { t } = useTranslation();
  const { shownError, busy, editing, reset } = news;
  return (
    <>
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
    </>
  );
}
