/** The translation editor's model (requirements O2.6, O3–O5): flat entries over a nested file. */
export type Value = string | { plural: string[] } | { readonly: unknown };
export interface Entry {
  key: string;
  value: Value;
}
type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isPlural = (v: Value): v is { plural: string[] } => typeof v === 'object' && 'plural' in v;
export const isReadOnly = (v: Value): v is { readonly: unknown } => typeof v === 'object' && 'readonly' in v;

/** Dotted key paths to strings and plural entries; anything else is a read-only value. */
export function flatten(tree: unknown, prefix = ''): Entry[] {
  if (!isTree(tree)) return [];
  const out: Entry[] = [];
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.push({ key, value: v });
    else if (isTree(v) && Array.isArray(v.plural) && v.plural.every((f) => typeof f === 'string'))
      out.push({ key, value: { plural: [...(v.plural as string[])] } });
    else if (isTree(v)) out.push(...flatten(v, key));
    else out.push({ key, value: { readonly: v } });
  }
  return out;
}

/** Back to the nested file. */
export function unflatten(entries: Entry[]): Tree {
  const root: Tree = {};
  for (const { key, value } of entries) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!isTree(node[part])) node[part] = {};
      node = node[part] as Tree;
    }
    node[parts.at(-1)!] = isReadOnly(value) ? value.readonly : value;
  }
  return root;
}

export const sameValue = (a: Value | undefined, b: Value | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);
/** Empty: blank, or every plural form blank (requirements O4). */
export const isEmpty = (v: Value) =>
  typeof v === 'string' ? v.trim() === '' : isPlural(v) ? v.plural.every((f) => f.trim() === '') : false;
export const valueText = (v: Value) =>
  typeof v === 'string' ? v : isPlural(v) ? v.plural.join(' | ') : JSON.stringify(v.readonly);

export type KeyError = 'required' | 'short' | 'spaces' | 'parts' | 'duplicate' | 'valueRequired';
/** New key rules (requirements O5), on trimmed key and value. */
export function newKeyError(key: string, value: string, existing: ReadonlySet<string>): KeyError | null {
  const k = key.trim();
  if (!k) return 'required';
  if (k.length < 2) return 'short';
  if (/\s/.test(k)) return 'spaces';
  // Dots nest the file: an empty part ('a..b', '.a', 'a.') would be a nameless group, which the
  // server refuses on save (rules §29).
  if (k.split('.').some((part) => part === '')) return 'parts';
  // A key that is an existing key, or that an existing key is a dotted path into (or out of),
  // would replace that text or that whole group when the nested file is written.
  if (existing.has(k)) return 'duplicate';
  for (const e of existing) if (e.startsWith(`${k}.`) || k.startsWith(`${e}.`)) return 'duplicate';
  if (!value.trim()) return 'valueRequired';
  return null;
}

export type Scope = 'all' | 'keys' | 'values';
export type Filter = 'all' | 'changed' | 'empty' | 'plural';
export function matches(entry: Entry, search: string, scope: Scope): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const inKey = entry.key.toLowerCase().includes(needle);
  const inValue = valueText(entry.value).toLowerCase().includes(needle);
  return scope === 'keys' ? inKey : scope === 'values' ? inValue : inKey || inValue;
}

/** The bulk delete confirmation's key list: up to 5 keys, then the `more` line (the spec's 'and N more', adminI18n.andMore). */
export function keyList(keys: string[], more: (n: number) => string): string {
  const shown = keys.slice(0, 5).join('\n');
  return keys.length > 5 ? `${shown}\n${more(keys.length - 5)}` : shown;
}

/** Up to `count` page numbers around the current page (requirements O9: 5 page buttons). */
export function pageWindow(page: number, pages: number, count = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  return Array.from({ length: Math.min(count, pages) }, (_, i) => start + i);
}
