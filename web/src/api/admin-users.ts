import type { AdminInventoryItem as InventoryAnswer, AdminUser as UserAnswer } from '@acg/contracts';
import { callRoute, request } from './client';

// The answers' types come from the contracts (client-contract.ts).
/** A row of GET /admin/users (requirements O3); `developer` is additive. */
export type AdminUser = UserAnswer;
export type AdminInventoryItem = InventoryAnswer;

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
  const { data: rows, headers } = await callRoute(
    'GET /admin/users',
    {
      query: {
        sort: query.sort,
        order: query.order,
        limit: query.limit,
        offset: query.offset,
        q: query.q.trim() || undefined,
        level: query.level ?? undefined,
      },
    },
    signal,
  );
  const total = Number(headers.get('x-total-count') ?? rows.length);
  const usersTotal = Number(headers.get('x-users-total') ?? total);
  return { rows, total, usersTotal };
}

export const fetchUser = (id: number, signal?: AbortSignal) =>
  request('GET /admin/users/:id', { params: { id } }, signal);

/** POST /admin/users/{id}/adminLevel; the spec's client does not read the answer. */
export const saveAdminLevel = (id: number, adminLevel: number) =>
  request('POST /admin/users/:id/adminLevel', { params: { id }, body: { adminLevel } });

/** GET /admin/users/{id}/inventory (requirements O3): the inventory tab. */
export const fetchUserInventory = (id: number, signal?: AbortSignal) =>
  request('GET /admin/users/:id/inventory', { params: { id } }, signal);
