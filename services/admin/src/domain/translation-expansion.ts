import { t } from '@acg/i18n/server';
import { ValidationError } from '@acg/platform';
import { flattenTexts, type Translations } from './translations';

/**
 * How far a translation may expand when i18next renders it (issue 27). A text may pull in others
 * with `$t(key)` (i18next nesting), which may pull in more: two texts of 200 `$t()` each made
 * every page render N² texts (0.57 MB, a second of CPU). A save is refused when, fully expanded
 * (every `$t()` replaced by its text, as i18next does, in the web texts and in the services'
 * `server` texts alike; a key this language lacks resolved down its fallback chain, e.g.
 * pt-BR → pt → English):
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

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const isTree = (v: unknown): v is Translations => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The web texts (the root less `server`) or the services' (`server`), which nest apart. */
function namespaceOf(file: Translations, server: boolean): Translations {
  if (server) return isTree(file.server) && !('plural' in file.server) ? file.server : {};
  const { server: _server, ...web } = file;
  return web;
}

/**
 * Why `data` would expand too far, or undefined. `fallbacks` are the stored texts of the
 * languages after this one in its fallback chain (for keys `data` lacks). The web texts and the
 * services' (`server`) are i18next namespaces of their own: a `$t(key)` in either is resolved
 * in it. Linear in the texts' size: each key's expansion is measured once.
 */
export function expansionRefusal(
  data: Translations,
  fallbacks: readonly Translations[] = [],
): Refusal | undefined {
  let total = 0;
  for (const server of [false, true]) {
    const prefix = server ? 'server.' : '';
    const own = flattenTexts(namespaceOf(data, server));
    const others = fallbacks.map((f) => flattenTexts(namespaceOf(f, server)));
    const measured = new Map<string, { size: number; depth: number }>();
    const open = new Set<string>();

    const lookUp = (key: string): string[] | undefined => {
      for (const texts of [own, ...others]) {
        const found = texts.get(key);
        if (found) return found;
        // i18next's plural keys: `key_one`, `key_few`… (with `count`).
        const forms = PLURAL_SUFFIXES.flatMap((suffix) => texts.get(`${key}_${suffix}`) ?? []);
        if (forms.length) return forms;
      }
      return undefined;
    };
    // Each measurement returns the expanded size (the longest form) and the nesting depth.
    const measure = (key: string): { size: number; depth: number } | Refusal => {
      const known = measured.get(key);
      if (known) return known;
      const forms = lookUp(key);
      // i18next shows a missing key as the key itself.
      if (!forms) return { size: key.length, depth: 0 };
      if (open.has(key)) return { reason: 'cycle', key: prefix + key };
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
          if (depth > EXPANSION_DEPTH_MAX) return { reason: 'depth', key: prefix + key };
        }
        if (formSize > EXPANDED_TEXT_MAX) return { reason: 'text', key: prefix + key, size: formSize };
        size = Math.max(size, formSize);
      }
      open.delete(key);
      const result = { size, depth };
      measured.set(key, result);
      return result;
    };

    for (const key of own.keys()) {
      const result = measure(key);
      if ('reason' in result) return result;
      total += result.size;
      if (total > EXPANDED_TOTAL_MAX) return { reason: 'total', size: total };
    }
  }
  return undefined;
}

/** Refuses (400, in the administrator's language) a file that would expand too far. */
export function checkExpansion(
  data: Translations,
  fallbacks: readonly Translations[],
  language: string,
): void {
  const refusal = expansionRefusal(data, fallbacks);
  if (!refusal) return;
  const key = {
    depth: 'admin.expansionDepth',
    cycle: 'admin.expansionCycle',
    text: 'admin.expansionText',
    total: 'admin.expansionTotal',
  } as const;
  const max =
    refusal.reason === 'depth'
      ? EXPANSION_DEPTH_MAX
      : refusal.reason === 'total'
        ? EXPANDED_TOTAL_MAX
        : EXPANDED_TEXT_MAX;
  const message = t(language, key[refusal.reason], { ...refusal, max });
  throw new ValidationError(message, { ...refusal, reason: `expansion_${refusal.reason}` });
}
