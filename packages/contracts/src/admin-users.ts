import { z } from 'zod';
import { int4, safeString } from './fields';

/** Levels the users table may assign (requirements O5): 0 User … 3 Administrator. 4 is the developer's. */
export const ASSIGNABLE_ADMIN_LEVELS = [0, 1, 2, 3] as const;

/** One row of GET /admin/users (requirements O7): id, discordId, username, avatar, adminLevel. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  discordId: z.string(),
  username: z.string(),
  /** The name to show (Discord's global_name, else username; additive). */
  displayName: z.string().optional(),
  avatar: z.string().nullable(),
  adminLevel: z.number().int().min(0).max(4),
  /** Additive: true for the fixed developer account, whose level can never be changed. */
  developer: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const adminUserSortColumns = ['id', 'discordId', 'username', 'adminLevel'] as const;
export type AdminUserSort = (typeof adminUserSortColumns)[number];

/**
 * GET /admin/users query (all additive; the spec's call has none). `q` is trimmed and matched
 * case-insensitively against username, Discord ID or the numeric id; `level` keeps one level;
 * `sort`/`order` order the list (default id ascending). Without `limit` the answer is the whole
 * list; with it one page from `offset`. X-Total-Count is the number of matching users and
 * X-Users-Total the number of all users.
 */
export const adminUsersQuerySchema = z.object({
  q: safeString().max(100).optional(),
  level: int4(0, 4).optional(),
  sort: z.enum(adminUserSortColumns).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: int4(1, 100).optional(),
  offset: int4(0).default(0),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export const USERS_TOTAL_HEADER = 'x-users-total';

/** GET /admin/users/{id}: one user as the details modal shows it. */
export const adminUserDetailSchema = adminUserSchema.extend({});

/** POST /admin/users/{id}/adminLevel body. Only 0–3 are accepted (docs/rules.md). */
export const adminLevelBodySchema = z.object({
  adminLevel: z
    .number()
    .int()
    .refine((n) => (ASSIGNABLE_ADMIN_LEVELS as readonly number[]).includes(n), {
      message: 'adminLevel must be 0, 1, 2 or 3',
    }),
});

/** The answer to a level change (the spec's client does not read it). */
export const adminLevelResultSchema = z.object({ user: adminUserSchema, previous: z.number().int() });
