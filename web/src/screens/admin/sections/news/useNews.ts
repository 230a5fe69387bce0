import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createNews, deleteNews, type NewsItem, updateNews } from '../../../../api/news';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { useNotify } from '../../../../components/Notify';
import { asRows, useResourceList, useResourceWrites } from '../../kit/useResource';
import {
  EMPTY,
  FIELDS,
  type Field,
  type FieldErrors,
  type Form,
  fieldErrorsOf,
  formOf,
  inputOf,
} from './model';

/** A news write changes the admin list and the home page's latest news. */
const CHANGES = ['GET /api/news'] as const;
const ADMIN_LIST = { query: { includeUnpublished: '1' } } as const;

/** The news list and the form (create or edit) with its refusals, save, edit and delete. */
export function useNews() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const ids = useId();
  const list = useResourceList('GET /api/news', asRows<NewsItem>, { input: ADMIN_LIST });
  const write = useResourceWrites(CHANGES);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // What each action did, in the one message area (issue 28: the admin sees "Published").
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  // The server's text, else one in the page's language (never the browser's English).
  const failure = (err: unknown) => loadErrorText(t, err);
  const items = list.loaded ? list.rows : list.error ? [] : null;
  const shownError = error ?? (list.error && !list.loaded ? failure(list.error) : null);

  const reset = () => {
    setForm(EMPTY);
    setEditing(null);
    setFieldErrors({});
  };
  /** A refusal about fields shows under them, else under the form. */
  const refused = (err: unknown) => {
    const found = fieldErrorsOf(t, err);
    setFieldErrors(found);
    if (Object.keys(found).length === 0) return setError(failure(err));
    const first = FIELDS.find((f) => found[f] !== undefined);
    document.getElementById(`${ids}-${first}`)?.focus();
  };
  /** Props of a field's input: its id, invalid with the refusal as its description when refused. */
  const fieldProps = (f: Field) => ({
    id: `${ids}-${f}`,
    'aria-invalid': fieldErrors[f] ? true : undefined,
    'aria-describedby': fieldErrors[f] ? `${ids}-${f}-err` : undefined,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const input = inputOf(form);
    try {
      await write(() => (editing === null ? createNews(input) : updateNews(editing, input)));
      notify.success(
        t(input.published ? 'adminNews.done.published' : 'adminNews.done.draft', { title: input.title }),
      );
      reset();
    } catch (err) {
      refused(err);
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
    setForm(formOf(item));
  };
  return {
    ...{ ids, items, form, setForm, editing, fieldErrors, busy },
    ...{ shownError, reset, fieldProps, submit, remove, edit },
  };
}

export type NewsModel = ReturnType<typeof useNews>;
