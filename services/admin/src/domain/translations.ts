import {
  TRANSLATION_DEPTH_MAX,
  TRANSLATION_KEY_MAX,
  TRANSLATION_VALUE_MAX,
  TRANSLATIONS_MAX_BYTES,
} from '@acg/contracts';
import { PayloadTooLargeError, ValidationError } from '@acg/platform';

/**
 * A translations file (spec 3 §3): a nested object whose leaves are strings or plural entries
 * `{ plural: [form, …] }` (at least one form). Anything else is refused with the path named.
 */
export type Translations = { [key: string]: string | { plural: string[] } | Translations };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const NUL = /\0/;

export function validateTranslations(data: unknown): Translations {
  if (!isObject(data)) throw new ValidationError('Translations must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(data)) > TRANSLATIONS_MAX_BYTES)
    throw new PayloadTooLargeError(`Translations larger than ${TRANSLATIONS_MAX_BYTES / 1024 / 1024} MB`);
  const issues: { path: string; message: string }[] = [];
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
  if (issues.length) throw new ValidationError('Invalid translations', { issues });
  return data as Translations;
}

/** Dotted key → leaf (string or plural), for counting and comparing. */
export function flatten(data: Translations, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if ('plural' in value && Array.isArray(value.plural)) out.set(path, JSON.stringify(value.plural));
    else for (const [k, v] of flatten(value as Translations, path)) out.set(k, v);
  }
  return out;
}

/** How many keys were added, changed and removed between two versions. */
export function diffCounts(before: Translations, after: Translations) {
  const a = flatten(before);
  const b = flatten(after);
  let added = 0;
  let changed = 0;
  for (const [k, v] of b) {
    if (!a.has(k)) added++;
    else if (a.get(k) !== v) changed++;
  }
  const removed = [...a.keys()].filter((k) => !b.has(k)).length;
  return { added, changed, removed, total: b.size };
}

/** `base` with every key of `extra` it lacks added (nested); values already in `base` win. */
export function addMissing(base: Translations, extra: Translations): Translations {
  const out: Translations = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const mine = out[key];
    if (mine === undefined) out[key] = value;
    else if (
      typeof mine === 'object' &&
      !('plural' in mine) &&
      typeof value === 'object' &&
      !('plural' in value)
    )
      out[key] = addMissing(mine as Translations, value as Translations);
  }
  return out;
}
