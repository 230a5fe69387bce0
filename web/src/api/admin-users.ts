import * as z from 'zod/mini';
import { getJson, HttpError, postJson } from './http';

const int = () => z.number().check(z.int());

/** A row of GET /admin/users (spec 3 §3); `developer` is additive. */
export const adminUserSchema = z.object({
  id: int(),
  discordId: z.string(),
  username: z.string(),
  avatar: z.nullable(z.string()),
  adminLevel: int(),
  developer: z.optional(z.boolean()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export type UserSort = 'id' | 'discordId' | 'username' | 'adminLevel';
export interface UsersQuery {
  q: string;
  level: number | null;
  sort: UserSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}
export interface UsersPage {
  rows: AdminUser[];
  /** Users matching the search and filter. */
  total: number;
  /** All users (the search box's hint). */
  usersTotal: number;
}

/** GET /admin/users with the additive search, filter, sort and paging (docs/rules.md). */
export async function fetchUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const params = new URLSearchParams({
    sort: query.sort,
    order: query.order,
    limit: String(query.limit),
    offset: String(query.offset),
  });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.level !== null) params.set('level', String(query.level));
  const response = await fetch(`/admin/users?${params}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new HttpError(response.status, body);
  const rows = z.parse(z.array(adminUserSchema), body);
  const total = Number(response.headers.get('x-total-count') ?? rows.length);
  const usersTotal = Number(response.headers.get('x-users-total') ?? total);
  return { rows, total, usersTotal };
}

export const fetchUser = (id: number, signal?: AbortSignal) =>
  getJson(`/admin/users/${id}`, adminUserSchema, signal);

/** POST /admin/users/{id}/adminLevel; the spec's client does not read the answer. */
export const saveAdminLevel = (id: number, adminLevel: number) =>
  postJson(`/admin/users/${id}/adminLevel`, { adminLevel }, z.unknown());

/** An inventory item of GET /admin/users/{id}/inventory (spec 3 §3), the fields the tab shows. */
export const adminInventoryItemSchema = z.object({
  id: int(),
  quantity: int(),
  obtainedAt: z.string(),
  Card: z.object({
    id: int(),
    imageUrl: z.optional(z.nullable(z.string())),
    Character: z.object({ name: z.string() }),
    Rank: z.object({ name: z.string(), color: z.optional(z.string()) }),
  }),
});
export type AdminInventoryItem = z.infer<typeof adminInventoryItemSchema>;
export const fetchUserInventory = (id: number, signal?: AbortSignal) =>
  getJson(`/admin/users/${id}/inventory`, z.array(adminInventoryItemSchema), signal);
