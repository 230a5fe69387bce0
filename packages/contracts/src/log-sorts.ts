/**
 * The orders of the admin action log (`sort` of GET /admin/logs and its export). No zod here: the
 * web client imports this file alone (`@acg/contracts/log-sorts`), not the schemas.
 */
export const logSorts = [
  'date-desc',
  'date-asc',
  'admin-asc',
  'admin-desc',
  'category-asc',
  'action-asc',
] as const;
export type LogSort = (typeof logSorts)[number];
