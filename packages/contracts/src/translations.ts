/** The largest translations object POST /admin/i18n accepts (the route's body limit is larger). */
export const TRANSLATIONS_MAX_BYTES = 2 * 1024 * 1024;
export const TRANSLATION_KEY_MAX = 200;
export const TRANSLATION_VALUE_MAX = 10_000;
export const TRANSLATION_DEPTH_MAX = 8;

/**
 * What is wrong with a translations file (requirements O3): a nested object whose leaves are strings
 * or plural entries `{ plural: [form, …] }` (at least one form), keys 1–200 characters without
 * spaces or dots, at most 8 levels. The admin service refuses a save with these issues, and the
 * editor's import refuses such a file with its own message (requirements O5), so nothing is imported
 * that could not be saved. At most 20 issues; an empty list is a valid file. Without
 * dependencies: the web client imports it as `@acg/contracts/translations`, alone.
 */
export interface TranslationIssue {
  path: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const NUL = /\0/;

/** The file is not an object at all (the first check; nothing else is looked at). */
export const NOT_AN_OBJECT = 'Translations must be a JSON object';

export function translationIssues(data: unknown): TranslationIssue[] {
  if (!isObject(data)) return [{ path: '', message: NOT_AN_OBJECT }];
  const issues: TranslationIssue[] = [];
  const walk = (node: Record<string, unknown>, path: string[]) => {
    if (path.length > TRANSLATION_DEPTH_MAX) {
      issues.push({ path: path.join('.'), message: `nested deeper than ${TRANSLATION_DEPTH_MAX} levels` });
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      const at = [...path, key].join('.');
      if (issues.length >= 20) return;
      if (
        key === '' ||
        key.length > TRANSLATION_KEY_MAX ||
        /\s/.test(key) ||
        NUL.test(key) ||
        key.includes('.')
      )
        issues.push({ path: at, message: 'keys are 1–200 characters without spaces or dots' });
      else if (typeof value === 'string') {
        if (value.length > TRANSLATION_VALUE_MAX || NUL.test(value))
          issues.push({
            path: at,
            message: `a value is at most ${TRANSLATION_VALUE_MAX} characters, without NUL`,
          });
      } else if (isObject(value) && 'plural' in value) {
        const forms = value.plural;
        if (
          Object.keys(value).length !== 1 ||
          !Array.isArray(forms) ||
          forms.length === 0 ||
          forms.some((f) => typeof f !== 'string' || f.length > TRANSLATION_VALUE_MAX || NUL.test(f))
        )
          issues.push({ path: at, message: 'a plural entry is { plural: [at least one string form] }' });
      } else if (isObject(value)) walk(value, [...path, key]);
      else issues.push({ path: at, message: 'a value is a string, a plural entry or a nested object' });
    }
  };
  walk(data, []);
  return issues;
}

/** The file's size as the service counts it (UTF-8 bytes of its JSON). */
export const translationsTooLarge = (data: unknown): boolean =>
  new TextEncoder().encode(JSON.stringify(data)).byteLength > TRANSLATIONS_MAX_BYTES;
