/** The feed relay form's rules (requirements O5). */
export interface GroupRow {
  id: string;
  name: string;
}
/** The channel id keeps digits only. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');
/** Groups: id and name trimmed; groups without an id dropped on save. */
export const cleanGroups = (rows: GroupRow[]) =>
  rows.map((g) => ({ id: g.id.trim(), name: g.name.trim() })).filter((g) => g.id !== '');
/** Freshness: a non-negative integer; non-numeric becomes 0. */
export function freshness(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}
