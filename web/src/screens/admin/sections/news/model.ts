import type { TFunction } from 'i18next';
import { serverFieldErrors } from '../../../../api/field-errors';
import { type NewsItem, type NewsType, splitTags } from '../../../../api/news';

export interface Translation {
  lang: string;
  title: string;
  content: string;
}
export interface Form {
  title: string;
  content: string;
  type: NewsType;
  tags: string;
  translations: Translation[];
  published: boolean;
}
/** Cancel or save resets to the empty form with type update and published off (requirements O4). */
export const EMPTY: Form = {
  title: '',
  content: '',
  type: 'update',
  tags: '',
  translations: [],
  published: false,
};

/** The form's fields a refusal can be about (the request body's keys). */
export const FIELDS = ['title', 'type', 'content', 'tags'] as const;
export type Field = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<Field, string>>;

/** The request body of the form. */
export const inputOf = (form: Form) => ({
  ...form,
  tags: splitTags(form.tags),
  translations: Object.fromEntries(
    form.translations.map((tr) => [tr.lang, { title: tr.title, content: tr.content }]),
  ),
});

/** The form editing an item. */
export const formOf = (item: NewsItem): Form => ({
  title: item.title,
  content: item.content,
  type: item.type,
  tags: item.tags.join(', '),
  translations: Object.entries(item.translations).map(([lang, text]) => ({ lang, ...text })),
  published: item.published,
});

/** The refusals about fields a refused write names (the server's text, else "<label>: check this value"). */
export function fieldErrorsOf(t: TFunction, err: unknown): FieldErrors {
  const named = serverFieldErrors(err);
  const found: FieldErrors = {};
  for (const f of FIELDS)
    if (named?.has(f))
      found[f] = named.get(f) ?? t('adminKit.fieldInvalid', { field: t(`adminNews.fields.${f}`) });
  return found;
}
