import { TRANSLATIONS_MAX_BYTES, translationIssues, translationsTooLarge } from '@acg/contracts';
import { PayloadTooLargeError, sizeText, text, ValidationError } from '@acg/platform';

/**
 * A translations file (requirements O3): a nested object whose leaves are strings or plural entries
 * `{ plural: [form, …] }` (at least one form). Anything else is refused with the path named
 * (the rules are `translationIssues` of the contracts, which the editor's import applies too).
 */
export type Translations = { [key: string]: string | { plural: string[] } | Translations };

export function validateTranslations(data: unknown): Translations {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ValidationError(text('admin.translationsNotObject'));
  if (translationsTooLarge(data))
    throw new PayloadTooLargeError(
      text('admin.translationsTooLarge', { size: sizeText(TRANSLATIONS_MAX_BYTES) }),
    );
  const issues = translationIssues(data);
  if (issues.length) throw new ValidationError(text('admin.translationsInvalid'), { issues });
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

/** Dotted key → the texts of its leaf (one string, or a plural entry's forms). */
export function flattenTexts(data: Translations, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, [value]);
    else if ('plural' in value && Array.isArray(value.plural)) out.set(path, value.plural.map(String));
    else for (const [k, v] of flattenTexts(value as Translations, path)) out.set(k, v);
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
