import { ValidationError } from '@acg/platform';
import { flattenTexts, type Translations } from './translations';

/**
 * How far a translation may expand when i18next renders it (issue 27). A text may pull in others
 * with `$t(key)` (i18next nesting), which may pull in more: two texts of 200 `$t()` each made
 * every page render N² texts (0.57 MB, a second of CPU). A save is refused when, fully expanded
 * (every `$t()` replaced by its text, as i18next does; a key this language lacks resolved in the
 * fallback language, English):
 * - a text nests `$t()` more than EXPANSION_DEPTH_MAX levels deep, or in a cycle;
 * - a text is longer than EXPANDED_TEXT_MAX characters (twice the longest text a file may hold);
 * - all the texts together are longer than EXPANDED_TOTAL_MAX (what a whole file may hold).
 * `{{value}}` interpolation is not expanded: its values come from the site's code, not the file.
 */
export const EXPANSION_DEPTH_MAX = 4;
export const EXPANDED_TEXT_MAX = 20_000;
export const EXPANDED_TOTAL_MAX = 2 * 1024 * 1024;

/** i18next's nesting: `$t(key)` or `$t(key, {options})`; the key ends at the first comma. */
const NESTING = /\$t\(([^,)]*)(?:,[^)]*)?\)/g;

type Refusal =
  | { reason: 'depth'; key: string }
  | { reason: 'cycle'; key: string }
  | { reason: 'text'; key: string; size: number }
  | { reason: 'total'; size: number };

const MESSAGES = {
  en: {
    depth: (r: { key: string }) =>
      `The text "${r.key}" nests $t() more than ${EXPANSION_DEPTH_MAX} levels deep`,
    cycle: (r: { key: string }) => `The text "${r.key}" includes itself through $t()`,
    text: (r: { key: string; size: number }) =>
      `The text "${r.key}" would be ${r.size} characters long with its $t() texts included (at most ${EXPANDED_TEXT_MAX})`,
    total: (r: { size: number }) =>
      `With every $t() included the texts would be ${r.size} characters long (at most ${EXPANDED_TOTAL_MAX})`,
  },
  ru: {
    depth: (r: { key: string }) => `Текст «${r.key}» вкладывает $t() глубже ${EXPANSION_DEPTH_MAX} уровней`,
    cycle: (r: { key: string }) => `Текст «${r.key}» через $t() включает сам себя`,
    text: (r: { key: string; size: number }) =>
      `Текст «${r.key}» с подставленными $t() занял бы ${r.size} символов (не больше ${EXPANDED_TEXT_MAX})`,
    total: (r: { size: number }) =>
      `Тексты с подставленными $t() заняли бы ${r.size} символов (не больше ${EXPANDED_TOTAL_MAX})`,
  },
} as const;

/**
 * Why `data` would expand too far, or undefined. `fallback` is the fallback language's texts
 * (for keys `data` lacks). Linear in the texts' size: each key's expansion is measured once.
 */
export function expansionRefusal(data: Translations, fallback: Translations = {}): Refusal | undefined {
  const own = flattenTexts(data);
  const other = flattenTexts(fallback);
  const measured = new Map<string, { size: number; depth: number }>();
  const open = new Set<string>();

  const textOf = (key: string): string[] | undefined => own.get(key) ?? other.get(key);
  // Each measurement returns the expanded size (the longest plural form) and the nesting depth.
  const measure = (key: string): { size: number; depth: number } | Refusal => {
    const known = measured.get(key);
    if (known) return known;
    const forms = textOf(key);
    // i18next shows a missing key as the key itself.
    if (!forms) return { size: key.length, depth: 0 };
    if (open.has(key)) return { reason: 'cycle', key };
    open.add(key);
    let size = 0;
    let depth = 0;
    for (const form of forms) {
      let formSize = form.length;
      for (const match of form.matchAll(NESTING)) {
        const inner = measure(match[1]!.trim().replace(/^["']|["']$/g, ''));
        if ('reason' in inner) return inner;
        formSize += inner.size - match[0].length;
        depth = Math.max(depth, inner.depth + 1);
        if (depth > EXPANSION_DEPTH_MAX) return { reason: 'depth', key };
      }
      if (formSize > EXPANDED_TEXT_MAX) return { reason: 'text', key, size: formSize };
      size = Math.max(size, formSize);
    }
    open.delete(key);
    const result = { size, depth };
    measured.set(key, result);
    return result;
  };

  let total = 0;
  for (const key of own.keys()) {
    const result = measure(key);
    if ('reason' in result) return result;
    if (result.size > EXPANDED_TEXT_MAX) return { reason: 'text', key, size: result.size };
    total += result.size;
    if (total > EXPANDED_TOTAL_MAX) return { reason: 'total', size: total };
  }
  return undefined;
}

/** Refuses (400, in the administrator's language) a file that would expand too far. */
export function checkExpansion(data: Translations, fallback: Translations, language: string): void {
  const refusal = expansionRefusal(data, fallback);
  if (!refusal) return;
  const texts = MESSAGES[language.toLowerCase().startsWith('ru') ? 'ru' : 'en'];
  const message = (texts[refusal.reason] as (r: Refusal) => string)(refusal);
  throw new ValidationError(message, { ...refusal, reason: `expansion_${refusal.reason}` });
}
